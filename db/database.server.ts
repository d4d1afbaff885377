import path from "node:path";
import { env } from "../app/env.server";
import { openDatabase, type Database, type DatabaseHandle } from "./client.server";

let handle: DatabaseHandle | undefined;

/** The process-wide database: PostgreSQL with DATABASE_URL, otherwise PGlite in DATA_DIR. */
export function databaseHandle(): DatabaseHandle {
  handle ??= openDatabase({ url: env().DATABASE_URL, directUrl: env().DATABASE_DIRECT_URL, dataDir: path.join(env().DATA_DIR, "pglite") });
  return handle;
}

export function db(): Database {
  return databaseHandle().db;
}

/** Tests hand in a database of their own. */
export function setDatabaseHandle(next: DatabaseHandle | undefined): void {
  handle = next;
}

export async function closeDatabase(): Promise<void> {
  const current = handle;
  handle = undefined;
  await current?.close();
}
