import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema/index";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or a transaction on it: model functions accept both. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Receives this database's notifications on a channel (PostgreSQL: one dedicated connection,
   * re-listened after a reconnect; PGlite: in process). Resolves once listening; the returned
   * function stops it.
   */
  listen(channel: string, onPayload: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  /** How many connections the process may open, and how many queries or transactions hold one now (docs/operations.md#metrics). */
  usage(): ConnectionUsage;
  /**
   * PGlite only: the whole data directory as a tarball, to open copies of this database with
   * `loadDataDir` (the tests migrate one database and copy it per test file this way).
   */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * Neither postgres.js nor PGlite reports its pool: this process counts what holds a connection —
 * a query outside a transaction, or a whole transaction — itself. More of them than `size` wait.
 */
export interface ConnectionUsage {
  size: number;
  busy: number;
}

/** Counts a query of postgres.js (a lazy promise, run when first awaited) while it runs. */
function countedQuery<Q extends object>(query: Q, usage: ConnectionUsage): Q {
  let counted: PromiseLike<unknown> | undefined;
  const proxy: Q = new Proxy(query, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (key === "then") {
        return (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) => {
          if (!counted) {
            usage.busy++;
            const release = () => void usage.busy--;
            counted = (value as PromiseLike<unknown>["then"]).call(target, (result) => (release(), result), (error: unknown) => (release(), Promise.reject(error)));
          }
          return (counted as PromiseLike<unknown>).then(onFulfilled, onRejected);
        };
      }
      if (typeof value !== "function") return value;
      // Chained options (`.values()`) return the query itself: the chain stays counted.
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        return result === target ? proxy : result;
      };
    },
  });
  return proxy;
}

async function holding<T>(usage: ConnectionUsage, work: () => Promise<T>): Promise<T> {
  usage.busy++;
  try {
    return await work();
  } finally {
    usage.busy--;
  }
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it an embedded PGlite database is opened. */
  url?: string;
  /** The database without a pooler between (LISTEN and session locks); defaults to `url`. */
  directUrl?: string;
  /** PGlite data directory; `memory://` for a throw-away database. */
  dataDir?: string;
  /** PGlite: start from this data directory tarball (from `dumpDataDir`) instead of an empty database. */
  loadDataDir?: Blob;
  maxConnections?: number;
}

const MIGRATIONS_FOLDER = path.resolve("db/migrations");
/** Any constant works: it only has to be the same in every server process. */
const MIGRATION_LOCK_KEY = 7_245_311;

/**
 * Every query of the app as a prepared statement, kept per connection: drizzle prepares only
 * queries given a name, and for the others PostgreSQL parsed and planned each execution anew —
 * nine tenths of its CPU for a member's page at a million profiles (docs/scaling.md#database).
 * Transactions and savepoints get the same client.
 */
function preparingStatements(client: postgres.Sql, usage?: ConnectionUsage): postgres.Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === "unsafe") {
        return (query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) => {
          const pending = target.unsafe(query, params, { ...options, prepare: true });
          return usage ? countedQuery(pending, usage) : pending;
        };
      }
      if (key === "begin" || key === "savepoint") {
        return (...args: unknown[]) => {
          const work = args.pop() as (sql: postgres.Sql) => unknown;
          const original = Reflect.get(target, key, target) as (...a: unknown[]) => Promise<unknown>;
          // A transaction holds its connection throughout; its own queries are not counted again.
          const run = () => original.call(target, ...args, (inner: postgres.Sql) => work(preparingStatements(inner)));
          return usage ? holding(usage, run) : run();
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const url = options.url;
  if (url) {
    const max = options.maxConnections ?? 10;
    const client = postgres(url, {
      max,
      onnotice: () => undefined,
    });
    const usage: ConnectionUsage = { size: max, busy: 0 };
    const db = drizzlePostgres({ client: preparingStatements(client, usage), schema }) as unknown as Database;
    const directUrl = options.directUrl ?? url;
    // LISTEN keeps a session: through a transaction-mode pooler it needs a direct connection.
    const listener = directUrl === url ? client : postgres(directUrl, { max: 1, onnotice: () => undefined });
    return {
      db,
      kind: "postgres",
      async migrate() {
        // Two servers starting at once must not both run the same migration. One connection,
        // so the session lock covers every statement of the migration.
        const single = postgres(directUrl, { max: 1, onnotice: () => undefined });
        try {
          await single`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
          await migratePostgres(drizzlePostgres({ client: single, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await single.end({ timeout: 5 });
        }
      },
      async close() {
        await client.end({ timeout: 5 });
        if (listener !== client) await listener.end({ timeout: 5 });
      },
      async listen(channel, onPayload, onListen) {
        // postgres.js listens again after a lost connection, and says so through onListen each time.
        const { unlisten } = await listener.listen(channel, onPayload, onListen);
        return unlisten;
      },
      usage: () => usage,
    };
  }
  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const usage: ConnectionUsage = { size: 1, busy: 0 };
  const pglite = drizzlePglite({ client: countedPglite(client, usage), schema });
  return {
    db: pglite as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(pglite, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    async listen(channel, onPayload, onListen) {
      const stop = await client.listen(channel, onPayload);
      onListen?.();
      return () => stop();
    },
    usage: () => usage,
    // Uncompressed: a copy then loads without unzipping it first.
    dumpDataDir: () => client.dumpDataDir("none"),
  };
}

/** PGlite runs one query at a time: each query and transaction drizzle starts is counted while it runs. */
function countedPglite(client: PGlite, usage: ConnectionUsage): PGlite {
  return new Proxy(client, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== "function") return value;
      // PGlite keeps private fields: its methods run on the client itself, not on the proxy.
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (key !== "query" && key !== "exec" && key !== "transaction") return method;
      return (...args: unknown[]) => holding(usage, () => method(...args) as Promise<unknown>);
    },
  });
}

/** Rows of a raw `db.execute()` result, which postgres.js and PGlite shape differently. */
export function resultRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export async function ping(db: Database): Promise<boolean> {
  const rows = resultRows<{ ok: number }>(await db.execute(sql`select 1 as ok`));
  return rows[0]?.ok === 1;
}
