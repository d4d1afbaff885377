import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "../../../db/schema/index";
import { demoLoginsPresent } from "../../../db/seed/demo-accounts.server";
import { resultRows, type Database } from "../../../db/client.server";
import { ok, problem, reasonOf, skipped, type Check, type Finding } from "./check";
import { writableFolder } from "./writable-folder";

/** Where the committed migrations are (db/client.server.ts applies the same folder). */
const MIGRATIONS_FOLDER = path.resolve("db/migrations");
/** drizzle's own record of what it applied. */
const APPLIED = "drizzle.__drizzle_migrations";

export interface MigrationState {
  /** Tags of committed migrations the database has not had yet. */
  pending: string[];
  /** Applied migrations the committed ones do not include (a newer release migrated this database). */
  unknown: number;
  total: number;
}

/**
 * Compares the applied migrations (their `created_at` is the migration's journal time) with the
 * committed ones the way drizzle's migrator decides what to run: everything newer than the last
 * applied one.
 */
export function migrationState(appliedMillis: readonly number[], folder = MIGRATIONS_FOLDER): MigrationState {
  const committed = readMigrationFiles({ migrationsFolder: folder });
  const journal = readJournalTags(folder);
  const last = appliedMillis.length > 0 ? Math.max(...appliedMillis) : -Infinity;
  const known = new Set(committed.map((migration) => migration.folderMillis));
  return {
    pending: committed.filter((migration) => migration.folderMillis > last).map((migration) => journal.get(migration.folderMillis) ?? String(migration.folderMillis)),
    unknown: appliedMillis.filter((millis) => !known.has(millis)).length,
    total: committed.length,
  };
}

/** The migrations' names by journal time, from the journal drizzle-kit writes beside them. */
function readJournalTags(folder: string): Map<number, string> {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: { when: number; tag: string }[] };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}

/** What a migration state means for the people running the site. */
export function migrationFindings(where: string, state: MigrationState): Finding[] {
  const applied = state.total - state.pending.length;
  if (state.unknown > 0) {
    return [problem(`${where}: ${state.unknown} applied migration${state.unknown === 1 ? "" : "s"} this release does not have: a newer release migrated this database; deploy that release (or restore the database that belongs to this one)`)];
  }
  if (state.pending.length > 0) {
    const shown = state.pending.slice(0, 3).join(", ") + (state.pending.length > 3 ? ", …" : "");
    return [problem(`${where}: ${state.pending.length} of ${state.total} migrations not applied (${shown}): the server applies them when it starts, or run \`npm run db:migrate\``)];
  }
  return [ok(`${where}: reachable, all ${applied} migrations applied`)];
}

/** host:port/database of a connection string, never its user or password. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "(unreadable URL)";
  }
}

async function checkPostgres(url: string, name: string, timeoutMs: number, demoCheck: boolean): Promise<Finding[]> {
  const where = `${name} at ${describeUrl(url)}`;
  const client = postgres(url, { max: 1, connect_timeout: Math.max(1, Math.ceil(timeoutMs / 1000)), onnotice: () => undefined });
  try {
    // In one transaction with a local statement timeout: a server that takes the connection and then
    // stalls ends the query instead of the doctor waiting, and a pooler in transaction mode
    // (docs/scaling.md#pooler) neither refuses the setting nor hands it on to another client.
    const db = drizzle({ client, schema }) as unknown as Database;
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.ceil(timeoutMs)}`));
      const [version] = resultRows<{ server_version: string }>(await tx.execute(sql`show server_version`));
      const [table] = resultRows<{ found: string | null }>(await tx.execute(sql`select to_regclass(${APPLIED}) as found`));
      const applied = table?.found ? resultRows<{ created_at: string }>(await tx.execute(sql`select created_at from drizzle.__drizzle_migrations`)) : [];
      const findings = migrationFindings(`${where} (server ${version?.server_version ?? "?"})`, migrationState(applied.map((row) => Number(row.created_at))));
      // The server refuses to start on known logins with real services (app/startup.server.ts).
      if (demoCheck && table?.found && (await demoLoginsPresent(tx as unknown as Database))) {
        findings.push(problem(`${where}: the demo logins or the DEMO10 code exist, and the server does not start with them with real services: remove members with seed_ref 'demo-account:%', staff members @demo.invalid and the code DEMO10`));
      }
      return findings;
    });
  } catch (error) {
    return [problem(`cannot use ${where}: ${reasonOf(error)}; check the URL, that PostgreSQL runs and accepts this host, and the user's password`)];
  } finally {
    await client.end({ timeout: 1 }).catch(() => undefined);
  }
}

async function checkEmbedded(dataDir: string): Promise<Finding[]> {
  const folder = path.resolve(dataDir, "pglite");
  if (!existsSync(folder)) {
    const writable = await writableFolder(path.resolve(dataDir));
    if (writable) return [problem(`no embedded database yet and ${writable}`)];
    return [ok(`no embedded database yet in ${folder}: the server creates and migrates it at its first start (the folder is writable)`)];
  }
  // PGlite keeps this file while a process has the database open, and a second process opening
  // the same folder could damage it.
  if (existsSync(path.join(folder, "postmaster.pid"))) {
    return [skipped(`the embedded database in ${folder} is open in a running server (or one that ended without closing it): its migrations are applied at the server's start; stop the server to check it here`)];
  }
  const client = new PGlite(folder);
  try {
    const table = await client.query<{ found: string | null }>(`select to_regclass('${APPLIED}') as found`);
    const applied = table.rows[0]?.found ? await client.query<{ created_at: string | number }>(`select created_at from ${APPLIED}`) : { rows: [] };
    return migrationFindings(`embedded database in ${folder}`, migrationState(applied.rows.map((row) => Number(row.created_at))));
  } catch (error) {
    return [problem(`cannot open the embedded database in ${folder}: ${reasonOf(error)}`)];
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** The database answers and its schema is the one this release expects (docs/decisions/003-database-pglite-or-postgres.md). */
export const databaseCheck: Check = {
  name: "database",
  settings: ["DATABASE_URL", "DATABASE_DIRECT_URL", "DATA_DIR"],
  // Opening the embedded database is local work, seconds of CPU on a loaded machine; PostgreSQL's
  // calls have their own connect and statement timeouts.
  deadlineMs: (options) => options.timeoutMs * 2 + 60_000,
  async run(env, options) {
    if (!env.DATABASE_URL) return checkEmbedded(env.DATA_DIR);
    const findings = await checkPostgres(env.DATABASE_URL, "PostgreSQL", options.timeoutMs, !env.localServices);
    // LISTEN and the migration lock go to the database directly when a pooler is in between (docs/scaling.md#pooler).
    if (env.DATABASE_DIRECT_URL && env.DATABASE_DIRECT_URL !== env.DATABASE_URL) {
      findings.push(...(await checkPostgres(env.DATABASE_DIRECT_URL, "PostgreSQL direct (DATABASE_DIRECT_URL)", options.timeoutMs, false)));
    }
    return findings;
  },
};
