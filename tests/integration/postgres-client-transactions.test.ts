import { once } from "node:events";
import { createRequire } from "node:module";
import net from "node:net";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";

/**
 * postgres.js 3.4.9 as patched by patches/postgres+3.4.9.patch
 * (docs/decisions/055-postgres-js-transaction-reservation-patch.md). Unpatched, `sql.begin`
 * reserves its connection in a hook that the client skips when writing BEGIN fills the
 * connection's pipeline (`max_pipeline`) or meets socket backpressure: the transaction fails with
 * UNSAFE_TRANSACTION (or, with one connection, a TypeError) and its connection goes back to the
 * pool inside the open transaction. Every test here but the one at the default max_pipeline of
 * 200 concurrent transactions (which checks that pipelining outside transactions still works)
 * fails on the unpatched package; `npm ci` fails when the patch no longer applies.
 */
const DATABASE_URL = process.env.DATABASE_URL;

// The app imports the ES module build; anything that `require`s postgres gets the CommonJS one.
// The patch changes both, and the boundary tests run on both.
const require = createRequire(import.meta.url);
const builds: [string, typeof postgres][] = [
  ["ES module build", postgres],
  ["CommonJS build", require("postgres") as typeof postgres],
];

/** Options of the client that its types leave out. */
interface UntypedOptions {
  max_pipeline?: number;
  /** Makes the client's sockets; the client expects them connected. */
  socket?: () => Promise<net.Socket>;
}
type Options = postgres.Options<Record<string, postgres.PostgresType>> & UntypedOptions;

type Sql = ReturnType<typeof postgres>;
type Xid = { xid: string };

/** A fresh transaction id per transaction: two statements of one transaction see the same one. */
const xid = async (sql: Sql | postgres.TransactionSql): Promise<string> => {
  const [row] = await sql<Xid[]>`select pg_current_xact_id()::text as xid`;
  return row!.xid;
};

/** The transaction of the tests: two statements; hands back the transaction id each one saw. */
const twoStatements = (sql: Sql, options = ""): Promise<string[]> =>
  sql.begin(options, async (tx) => [await xid(tx), await xid(tx)]) as Promise<string[]>;

const opened: Sql[] = [];
let names = 0;

/** A client whose connections PostgreSQL shows under a name of their own (pg_stat_activity). */
function client(make: typeof postgres, options: Options): { sql: Sql; name: string } {
  const name = `postgres-client-transactions-${process.pid}-${++names}`;
  const sql = make(DATABASE_URL!, { onnotice: () => undefined, connection: { application_name: name }, ...options });
  opened.push(sql);
  return { sql, name };
}

/**
 * After the client's work: none of its connections sits inside a transaction (PostgreSQL's view,
 * from a separate client), queries on the pool each run in a transaction of their own, and a
 * transaction still works.
 */
async function expectNoConnectionInATransaction(sql: Sql, name: string): Promise<void> {
  const observer = postgres(DATABASE_URL!, { max: 1, onnotice: () => undefined });
  try {
    const states = await observer<{ state: string }[]>`select state from pg_stat_activity where application_name = ${name}`;
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states.map((row) => row.state))).toEqual(new Set(["idle"]));
  } finally {
    await observer.end({ timeout: 5 });
  }
  const outside = await Promise.all(Array.from({ length: 20 }, () => xid(sql)));
  expect(new Set(outside).size).toBe(outside.length);
  const [first, second] = await twoStatements(sql);
  expect(second).toBe(first);
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((sql) => sql.end({ timeout: 5 })));
});

describe.skipIf(!DATABASE_URL)("postgres.js transactions at the pipeline boundary (patched)", () => {
  describe.each(builds)("%s", (_, make) => {
    it("runs a transaction whose BEGIN fills the pipeline (max_pipeline 0: every BEGIN does)", async () => {
      const { sql, name } = client(make, { max: 2, max_pipeline: 0 });
      const [first, second] = await twoStatements(sql);
      expect(second).toBe(first);
      await expectNoConnectionInATransaction(sql, name);
    });

    it("runs a transaction whose BEGIN is the 100th query on a connection (the default max_pipeline)", async () => {
      // One idle connection: of 100 queries sent at once the first runs and 99 wait in its
      // pipeline, so BEGIN, sent right after them, is the 100th waiting and fills it — the
      // intermittent fault at the default settings, made certain.
      const { sql, name } = client(make, { max: 1 });
      await xid(sql);
      const before = Array.from({ length: 100 }, () => sql<Xid[]>`select pg_current_xact_id()::text as xid`.execute());
      const [first, second] = await twoStatements(sql);
      expect(second).toBe(first);
      expect(new Set((await Promise.all(before)).map(([row]) => row!.xid)).size).toBe(before.length);
      await expectNoConnectionInATransaction(sql, name);
    });

    it("runs a transaction whose BEGIN meets socket backpressure", async () => {
      // BEGIN's text is padded (its options keep spaces) past the 1 KiB at which the client writes
      // to the socket at once instead of gathering; this socket then reports backpressure for it,
      // as `socket.write` does when its buffer is over the high-water mark.
      const padding = " ".repeat(1100);
      const marker = Buffer.from(`begin ${padding.slice(0, 64)}`);
      const url = new URL(DATABASE_URL!);
      const socket = async (): Promise<net.Socket> => {
        const connection = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
        await once(connection, "connect");
        const write = connection.write.bind(connection) as (chunk: Uint8Array, callback?: (error?: Error | null) => void) => boolean;
        connection.write = ((chunk: Uint8Array, callback?: (error?: Error | null) => void) =>
          write(chunk, callback) && !Buffer.from(chunk).includes(marker)) as typeof connection.write;
        return connection;
      };
      const { sql, name } = client(make, { max: 2, socket });
      const [first, second] = await twoStatements(sql, `${padding}read write`);
      expect(second).toBe(first);
      await expectNoConnectionInATransaction(sql, name);
    });
  });

  it("keeps a transaction's connection when its socket drains between two statements", async () => {
    // Node emits "drain" once a write that met backpressure has gone out, which can be while the
    // transaction waits between statements; the unpatched client then hands the connection to
    // the pool, and the next query outside the transaction runs inside it.
    const sockets: net.Socket[] = [];
    const url = new URL(DATABASE_URL!);
    const socket = async (): Promise<net.Socket> => {
      const connection = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
      await once(connection, "connect");
      sockets.push(connection);
      return connection;
    };
    const { sql, name } = client(postgres, { max: 2, socket });
    const { inside, outside } = await sql.begin(async (tx) => {
      const first = await xid(tx);
      for (const connection of sockets) connection.emit("drain");
      const other = await xid(sql);
      return { inside: [first, await xid(tx)], outside: other };
    });
    expect(inside[1]).toBe(inside[0]);
    expect(outside).not.toBe(inside[0]);
    await expectNoConnectionInATransaction(sql, name);
  });

  // Many transactions at once on a small pool, with queries outside them in between: every one
  // succeeds in a transaction of its own, and no connection is left inside one. At max_pipeline 0
  // and 1 BEGIN meets the boundary again and again; the default (100) keeps the pipelining of
  // queries outside transactions as it was.
  it.each([0, 1, 100])("runs 200 concurrent transactions on 2 connections (max_pipeline %i)", async (maxPipeline) => {
    const { sql, name } = client(postgres, { max: 2, max_pipeline: maxPipeline });
    const work = Array.from({ length: 200 }, (_, i) => {
      // Every other BEGIN follows a query outside the transaction into the pool's queue (both
      // sent at once, `execute()`), so the two go out on one connection, BEGIN second.
      const before = i % 2 === 1 ? sql<Xid[]>`select pg_current_xact_id()::text as xid`.execute() : undefined;
      return Promise.all([before, twoStatements(sql)]).then(([, ids]) => ids);
    });
    const transactions = await Promise.all(work);
    for (const [first, second] of transactions) expect(second).toBe(first);
    expect(new Set(transactions.map(([first]) => first)).size).toBe(transactions.length);
    await expectNoConnectionInATransaction(sql, name);
  });
});
