import { spawn } from "node:child_process";
import { cpSync } from "node:fs";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { SERVER_DATA_DIR_VARIABLE } from "../fixtures/database-template";
import { freePorts, removeTempDirs, tempDir } from "../fixtures/server-process";

/**
 * `npm run doctor` as an operator runs it (docs/operations.md#doctor): the real command in a process
 * of its own, with nothing but the settings the test names, on a setup that works and on one where
 * several things are wrong at once.
 */

/** The command's lines and exit code. */
function doctor(settings: Record<string, string>, args: string[] = []): Promise<{ status: number | null; lines: string[] }> {
  const { PATH, HOME } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "app/jobs/command.ts", "doctor", ...args], { env: { PATH, HOME, NODE_ENV: "development", ...settings }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, lines: output.trim().split("\n").filter(Boolean) })));
}

/** A TCP server that takes connections and never says a word: a host behind a firewall that drops. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("npm run doctor", () => {
  let database: TestDatabase | undefined;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    // On PostgreSQL (CI) a migrated database of the test's own; otherwise the migrated embedded one is copied.
    if (process.env.DATABASE_URL) database = await createTestDatabase();
    silent = await silentServer();
  });
  afterAll(async () => {
    await database?.close();
    await silent?.close();
    removeTempDirs();
  });

  it("finds nothing wrong in the quick start's setup: every line ok, or skipped with the reason, and exit code 0", async () => {
    const dataDir = tempDir("doctor-");
    const migrated = process.env[SERVER_DATA_DIR_VARIABLE];
    if (!database && migrated) cpSync(migrated, path.join(dataDir, "pglite"), { recursive: true });
    const { status, lines } = await doctor({ LOCAL_SERVICES: "1", DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url! } : {}) });
    expect(lines.filter((line) => !/^(ok|skipped) /.test(line)), lines.join("\n")).toEqual(["doctor: nothing wrong found"]);
    expect(status).toBe(0);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ok +settings: every setting parses/),
        expect.stringMatching(/^ok +tenant files: \d+ brands/),
        expect.stringMatching(/^ok +database: .*reachable, all \d+ migrations applied$/),
        expect.stringMatching(/^ok +storage: local storage: .* are writable$/),
        expect.stringMatching(/^skipped +mail: LOCAL_SERVICES=1/),
        expect.stringMatching(/^skipped +sms: LOCAL_SERVICES=1/),
        expect.stringMatching(/^skipped +payments: LOCAL_SERVICES=1/),
        expect.stringMatching(/^ok +push keys: /),
      ]),
    );
  });

  it("says each broken setting and unreachable service on its own line, and exits with 1", async () => {
    const [closedPort] = await freePorts(1);
    const { status, lines } = await doctor({
      LOCAL_SERVICES: "0",
      DATA_DIR: tempDir("doctor-"),
      SESSION_SECRETS: "doctor-test-secret-of-32-characters-or-more",
      DATABASE_URL: "postgres://127.0.0.1:1/x",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(closedPort),
      VAPID_PUBLIC_KEY: "BNotAKey",
      VAPID_PRIVATE_KEY: "nope",
      PORT: "eighty",
      MOLLIE_API_KEY: "pk_not_a_mollie_key",
    });
    expect(status).toBe(1);
    const problem = (name: string) => lines.filter((line) => line.startsWith(`PROBLEM ${name}: `));
    expect(problem("settings")).toEqual([expect.stringMatching(/^PROBLEM settings: PORT: Expected number/)]);
    expect(problem("database")).toEqual([expect.stringMatching(/cannot use PostgreSQL at 127\.0\.0\.1:1\/x: .*ECONNREFUSED/)]);
    expect(problem("mail")).toEqual([expect.stringMatching(new RegExp(`SMTP 127\\.0\\.0\\.1:${closedPort}: .*ECONNREFUSED.*check SMTP_HOST, SMTP_PORT`))]);
    expect(problem("push keys")).toEqual([expect.stringMatching(/VAPID_PUBLIC_KEY is not a P-256 public key/)]);
    expect(problem("payments")).toEqual([expect.stringMatching(/MOLLIE_API_KEY is not a Mollie API key/)]);
    expect(problem("sms")).toEqual([expect.stringMatching(/MESSAGEBIRD_ACCESS_KEY is not set/)]);
    // What is right is still said to be right: the storage folders, the tenant files, the secret.
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^ok +storage: /), expect.stringMatching(/^ok +tenant files: /), expect.stringMatching(/^ok +session secrets: 1 secret/)]));
    expect(lines.at(-1)).toBe("doctor: problems found (lines marked PROBLEM)");
  });

  it("gives up on a host that takes the connection and never answers, within its deadline", async () => {
    const { status, lines } = await doctor(
      { LOCAL_SERVICES: "0", DATA_DIR: tempDir("doctor-"), SESSION_SECRETS: "doctor-test-secret-of-32-characters-or-more", DATABASE_URL: `postgres://127.0.0.1:${silent.port}/x`, SMTP_HOST: "127.0.0.1", SMTP_PORT: String(silent.port) },
      ["--timeout", "1"],
    );
    expect(status).toBe(1);
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^PROBLEM database: .*(timeout|no answer within 1 s)/i), expect.stringMatching(/^PROBLEM mail: .*(ETIMEDOUT|no answer within 1 s)/)]));
  });
});
