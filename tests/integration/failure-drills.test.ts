import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { resultRows } from "../../db/client.server";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { logIn, openEventStream, removeTempDirs, send, startServer, tempDir, waitForListening, type Started } from "../fixtures/server-process";
import { copyDemoTenant, demoTenant } from "../fixtures/demo-tenants";

/*
 * Failure drills (issue 16, "Proof"; results in tests/drills/RESULTS.md): the built server on
 * PostgreSQL, its database connections cut during load, and the process killed mid-request.
 */

afterEach(removeTempDirs);

const tenant = demoTenant("flirtpunt");
const host = tenant.domains[0]!;

async function setUp(database: TestDatabase) {
  const dir = tempDir("tenants-");
  copyDemoTenant("flirtpunt", dir);
  const [{ id: anna }, { id: bas }] = await Promise.all([
    createMember(database.db, { tenant, email: "anna@example.com", password: "anna-password-kite", name: "Anna", credits: 10_000, paidUser: true }),
    createMember(database.db, { tenant, email: "bas@example.com", password: "bas-password-kite", name: "Bas" }),
  ]);
  return { dir, anna, bas };
}

async function count(database: TestDatabase, query: ReturnType<typeof sql>): Promise<number> {
  return Number(resultRows<{ n: number }>(await database.db.execute(query))[0]?.n ?? 0);
}

/** The rules no crash may break: balances and ledger agree, no conversation without its message. */
async function invariantsHold(database: TestDatabase): Promise<string[]> {
  const rows = resultRows<{ what: string }>(
    await database.db.execute(sql`
      select 'negative balance' as what from members where credits < 0
      union all select 'ledger does not add up' from members m where m.credits <> coalesce((select l.balance_after from credit_ledger l where l.member_id = m.id order by l.id desc limit 1), m.credits)
      union all select 'conversation without a message' from conversations c where not exists (select 1 from messages x where x.conversation_id = c.id)
      union all select 'message not charged' from messages x where x.credits > 0 and not exists (select 1 from credit_ledger l where l.reference = x.id::text)`),
  );
  return rows.map((row) => row.what);
}

async function answersWithin(server: Started, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const health = await send(server.port, host, "/healthz").catch(() => null);
    if (health?.status === 200) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`no healthy answer within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!process.env.DATABASE_URL)("failure drills", () => {
  it("database connections cut during load: no committed write lost, healthy again within 10 s, live events go on", async () => {
    const database = await createTestDatabase();
    const { dir, bas } = await setUp(database);
    const server = startServer(dir, { DATABASE_URL: database.url! });
    try {
      await waitForListening(server);
      const cookie = await logIn(server.port, host, "anna@example.com", "anna-password-kite");
      const basCookie = await logIn(server.port, host, "bas@example.com", "bas-password-kite");
      const first = await send(server.port, host, `/members/${bas}/chat`, { cookie, fields: { body: "Eerste" } });
      const conversation = Number(/\/chats\/(\d+)/.exec(first.headers.location ?? "")?.[1]);

      const accepted: string[] = ["Eerste"];
      let failed = 0;
      for (let i = 0; i < 30; i++) {
        if (i === 10) {
          // Every connection the server holds to its database is cut, as a database restart would.
          await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
        }
        const body = `Bericht ${i}`;
        const reply = await send(server.port, host, `/chats/${conversation}`, { cookie, fields: { body } }).catch(() => null);
        if (reply?.status === 302) accepted.push(body);
        else failed += 1;
      }
      const recovery = await answersWithin(server, 10_000);
      const stored = resultRows<{ body: string }>(await database.db.execute(sql`select body from messages where conversation_id = ${conversation} order by id`)).map((row) => row.body);
      // Every message the server said it sent is there; a refused one may or may not be, but never half.
      expect(stored.filter((body) => accepted.includes(body))).toEqual(accepted);
      expect(await invariantsHold(database)).toEqual([]);

      // Live events after the cut: a new stream hears a new message.
      const stream = openEventStream(server.port, host, basCookie);
      expect(await stream.ready).toBe(200);
      await stream.waitFor(/retry: 5000/);
      const after = await send(server.port, host, `/chats/${conversation}`, { cookie, fields: { body: "Na de storing" } });
      expect(after.status).toBe(302);
      await stream.waitFor(/event: message\n/, 10_000);
      stream.close();
      console.info(`drill: connections cut: ${accepted.length - 1}/30 sends accepted, ${failed} refused, healthy again after ${recovery} ms`);
    } finally {
      await server.stop();
      await database.close();
    }
  });

  it("the process killed mid-request: after a restart nothing is half written", async () => {
    const database = await createTestDatabase();
    const { dir, bas } = await setUp(database);
    const server = startServer(dir, { DATABASE_URL: database.url! });
    let restarted: Started | null = null;
    try {
      await waitForListening(server);
      const cookie = await logIn(server.port, host, "anna@example.com", "anna-password-kite");
      const first = await send(server.port, host, `/members/${bas}/chat`, { cookie, fields: { body: "Eerste" } });
      const conversation = Number(/\/chats\/(\d+)/.exec(first.headers.location ?? "")?.[1]);
      let answeredSoFar = 0;
      const inFlight = Array.from({ length: 40 }, (_, i) =>
        send(server.port, host, `/chats/${conversation}`, { cookie, fields: { body: `Gelijktijdig ${i}` } })
          .then((reply) => {
            if (reply.status === 302) answeredSoFar += 1;
            return reply;
          })
          .catch(() => null),
      );
      // Killed while the sends are going through: some answered, the rest in the middle of theirs.
      const deadline = Date.now() + 10_000;
      while (answeredSoFar < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      await server.kill();
      const answered = (await Promise.all(inFlight)).filter((reply) => reply?.status === 302).length;
      expect(answered).toBeGreaterThanOrEqual(5);
      expect(answered).toBeLessThan(40);

      restarted = startServer(dir, { DATABASE_URL: database.url! });
      await waitForListening(restarted);
      expect(await invariantsHold(database)).toEqual([]);
      const stored = await count(database, sql`select count(*) as n from messages where conversation_id = ${conversation}`);
      // At least what was answered before the kill; whatever committed is whole.
      expect(stored).toBeGreaterThanOrEqual(answered + 1);
      console.info(`drill: killed with 40 sends in flight: ${answered} answered, ${stored - 1} stored, invariants hold`);
    } finally {
      await restarted?.stop();
      await database.close();
    }
  });
});
