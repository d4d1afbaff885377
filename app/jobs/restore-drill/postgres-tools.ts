import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";

const run = promisify(execFile);

/** The same server, another database: the connection string with its path replaced. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE and DROP DATABASE cannot run in a transaction). */
export async function onServer<T>(serverUrl: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(serverUrl, { max: 1, connect_timeout: 10, onnotice: () => undefined });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A database name the drill made: letters, digits and underscores only, so it can stand unquoted in SQL. */
function assertName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a database name the drill makes: ${name}`);
  return name;
}

export const createDatabase = (serverUrl: string, name: string) => onServer(serverUrl, (sql) => sql.unsafe(`create database ${assertName(name)}`));
export const dropDatabase = (serverUrl: string, name: string) => onServer(serverUrl, (sql) => sql.unsafe(`drop database if exists ${assertName(name)} with (force)`));

/** The major version of a client tool (`pg_dump (PostgreSQL) 15.20 …` → 15). */
export async function toolMajorVersion(binary: string): Promise<{ major: number; text: string }> {
  const { stdout } = await run(binary, ["--version"]);
  const text = stdout.trim();
  const major = Number(/\(PostgreSQL\) (\d+)/.exec(text)?.[1]);
  if (!Number.isInteger(major)) throw new Error(`cannot read the version of ${binary}: ${text}`);
  return { major, text };
}

/** The server's version, e.g. `{ major: 16, text: "16.4" }`. */
export async function serverVersion(serverUrl: string): Promise<{ major: number; text: string }> {
  return onServer(serverUrl, async (sql) => {
    const [row] = await sql<{ server_version: string; server_version_num: string }[]>`select current_setting('server_version') as server_version, current_setting('server_version_num') as server_version_num`;
    return { major: Math.floor(Number(row!.server_version_num) / 10_000), text: row!.server_version };
  });
}

export const toolPath = (binDir: string | undefined, tool: "pg_dump" | "pg_restore") => (binDir ? path.join(binDir, tool) : tool);

/** pg_dump in its custom format (compressed, restorable selectively and in parallel by pg_restore). */
export async function dump(binary: string, url: string, file: string): Promise<void> {
  await run(binary, ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, `--dbname=${url}`]);
}

/** pg_restore into an empty database; fails on the first error rather than restoring half. */
export async function restore(binary: string, url: string, file: string): Promise<void> {
  await run(binary, ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${url}`, file]);
}
