import { spawnSync } from "node:child_process";
import { cpSync, existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_DATA_DIR_VARIABLE } from "../fixtures/database-template";
import { removeTempDirs, tempDir } from "../fixtures/server-process";

/**
 * A missing or wrong setting is one line naming it, for the commands and for a production start
 * (docs/operations.md, app/jobs/command.ts, server/serve.mjs): never a stack trace.
 */
afterAll(() => removeTempDirs());

/**
 * The environment of a person who set nothing but the database and what the test names. The
 * embedded database starts as a copy of the migrated template (tests/fixtures/database-template.ts).
 */
function bareEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { PATH, HOME, DATABASE_URL } = process.env;
  const dataDir = tempDir("settings-");
  const migrated = process.env[SERVER_DATA_DIR_VARIABLE];
  if (migrated && !DATABASE_URL) cpSync(migrated, path.join(dataDir, "pglite"), { recursive: true });
  // NODE_ENV as unset would leave it: development.
  return { PATH, HOME, NODE_ENV: "development", DATA_DIR: dataDir, ...(DATABASE_URL ? { DATABASE_URL } : {}), ...extra };
}

function run(args: string[], extra: Record<string, string>) {
  const result = spawnSync(process.execPath, args, { env: bareEnv(extra), encoding: "utf8", timeout: 60_000 });
  return { status: result.status, lines: result.stderr.trim().split("\n").filter(Boolean) };
}

const tsx = ["--import", "tsx", "app/jobs/command.ts"];

describe("the commands", () => {
  it("say a wrong setting in one line, naming it, and exit non-zero", () => {
    const outcome = run([...tsx, "staff", "disable", "--email", "x@example.com"], { DATABASE_URL: "not a url" });
    expect(outcome.status).not.toBe(0);
    expect(outcome.lines).toEqual(["Invalid environment variable DATABASE_URL: Invalid url"]);
  });

  it("need the session secret only where their work signs with it: staff create seals the TOTP secret", () => {
    const outcome = run([...tsx, "staff", "create", "--email", "a@example.com", "--role", "operator", "--brands", "all"], {});
    expect(outcome.status).not.toBe(0);
    expect(outcome.lines).toHaveLength(1);
    expect(outcome.lines[0]).toMatch(/^Invalid environment variable SESSION_SECRETS: required unless LOCAL_SERVICES=1/);
  });

  it("run without the session secret where nothing is signed", () => {
    const outcome = run([...tsx, "staff", "disable", "--email", "nobody@example.com"], {});
    expect(outcome.lines).toEqual([]);
    expect(outcome.status).toBe(1);
  });

  it("say an error of their work in one line and exit 1: the bank's file of returns is not there", () => {
    const outcome = run([...tsx, "directdebit", "import-returns", "/nonexistent/returns.csv"], {});
    expect(outcome.lines).toEqual([expect.stringMatching(/^ENOENT: no such file or directory, open '\/nonexistent\/returns.csv'$/)]);
    expect(outcome.status).toBe(1);
  });
});

describe.runIf(existsSync("build/index.js"))("a production start", () => {
  it("without the session secrets says so in one line and exits non-zero", () => {
    const outcome = run(["server.mjs"], { NODE_ENV: "production", PORT: "3998" });
    expect(outcome.status).toBe(1);
    expect(outcome.lines).toHaveLength(1);
    expect(outcome.lines[0]).toMatch(/SESSION_SECRETS/);
  });

  it("with a wrong setting names it in one line", () => {
    const outcome = run(["server.mjs"], { NODE_ENV: "production", SESSION_SECRETS: "x".repeat(40), PORT: "eighty" });
    expect(outcome.status).toBe(1);
    expect(outcome.lines).toEqual([expect.stringMatching(/^Invalid environment variable PORT:/)]);
  });
});
