import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import postgres from "postgres";
import { describe, expect, it } from "vitest";

/**
 * The restore drill (docs/operations.md#backups-and-restores) as an operator runs it: a seeded
 * database through pg_dump and pg_restore, the built server on the restored one, a demo member
 * who logs in and reads their conversation. It needs PostgreSQL, as the PostgreSQL-only tests do
 * (DATABASE_URL: CI runs the integration tests once more on its server), and the build.
 */
const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) console.info("restore-drill.test.ts skipped: it needs DATABASE_URL (PostgreSQL), since pg_dump and pg_restore do not apply to the embedded database");

function drill(): Promise<{ status: number | null; output: string }> {
  const { PATH, HOME } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "app/jobs/command.ts", "restore-drill", "--per-pool", "10"], { env: { PATH, HOME, NODE_ENV: "development", DATABASE_URL }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, output })));
}

describe.skipIf(!DATABASE_URL || !existsSync("build/index.js"))("npm run drill:restore", () => {
  it("restores a dump of a seeded database, serves it, lets a member in to their conversation, and leaves no database behind", async () => {
    const { status, output } = await drill();
    expect(output, output).toMatch(/^\s*\d+\. pg_dump --format=custom +\d+\.\d s/m);
    expect(output).toMatch(/^\s*\d+\. pg_restore into it +\d+\.\d s/m);
    expect(output).toMatch(/^\s*\d+\. log in as premium\.\w+@demo\.invalid over HTTP/m);
    expect(output).toMatch(/^\s*\d+\. read conversation \d+ +\d+\.\d s {2}the message is there$/m);
    expect(output).toMatch(/^restore drill passed in \d+\.\d s$/m);
    expect(status).toBe(0);
    const names = [...output.matchAll(/create database (restore_drill_\w+)/g)].map((match) => match[1]!);
    expect(names).toHaveLength(2);
    const sql = postgres(DATABASE_URL!, { max: 1, onnotice: () => undefined });
    try {
      const left = await sql<{ datname: string }[]>`select datname from pg_database where datname in ${sql(names)}`;
      expect(left).toEqual([]);
    } finally {
      await sql.end({ timeout: 5 });
    }
  }, 300_000);
});
