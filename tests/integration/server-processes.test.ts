import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { processCount } from "../../server/process-count.mjs";
import { createTestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { logIn, openEventStream, removeTempDirs, send, startServer, tempDir, waitForListening, type Started } from "../fixtures/server-process";
import { copyDemoTenant, demoTenant } from "../fixtures/demo-tenants";

describe("how many server processes", () => {
  const cores = 4;
  it("runs one per core in production, one in development, and WEB_CONCURRENCY when set", () => {
    const db = { DATABASE_URL: "postgres://db/x" };
    expect(processCount({ ...db, NODE_ENV: "production" }, cores)).toEqual({ count: 4 });
    expect(processCount({ ...db }, cores)).toEqual({ count: 1 });
    expect(processCount({ ...db, NODE_ENV: "production", WEB_CONCURRENCY: "2" }, cores)).toEqual({ count: 2 });
    expect(processCount({ ...db, WEB_CONCURRENCY: "3" }, cores)).toEqual({ count: 3 });
  });

  it("runs one process on the embedded database, saying so when more were asked for", () => {
    expect(processCount({ NODE_ENV: "production" }, cores)).toEqual({ count: 1 });
    expect(processCount({ WEB_CONCURRENCY: "2" }, cores)).toEqual({ count: 1, note: expect.stringContaining("DATABASE_URL") as string });
  });

  it("refuses a value that is not a whole number from 1", () => {
    for (const value of ["0", "-1", "two", "1.5", "2x"]) {
      expect(() => processCount({ DATABASE_URL: "postgres://db/x", WEB_CONCURRENCY: value }, cores), value).toThrow(/WEB_CONCURRENCY/);
    }
  });
});

afterEach(removeTempDirs);

/** The server processes the primary runs. */
function children(primary: Started): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(primary.pid)], { encoding: "utf8" }).trim().split("\n").map(Number).sort();
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string, server: Started, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Requests one after another, each on a new connection (as many browsers at once would), until
 * stopped: the answers that were not 200 and the requests that failed.
 */
function keepAsking(port: number, host: string) {
  let going = true;
  const failures: string[] = [];
  let answered = 0;
  const loop = async () => {
    while (going) {
      try {
        const reply = await send(port, host, "/pages/cookies", { headers: { connection: "close" } });
        if (reply.status === 200) answered++;
        else failures.push(`status ${reply.status}`);
      } catch (error) {
        failures.push(String(error));
      }
    }
  };
  const loops = Array.from({ length: 4 }, loop);
  return {
    stop: async () => {
      going = false;
      await Promise.all(loops);
      return { answered, failures };
    },
  };
}

// Several processes can share only a PostgreSQL database (PGlite belongs to one process).
describe.skipIf(!process.env.DATABASE_URL)("several server processes on one port (WEB_CONCURRENCY)", () => {
  it("starts them, replaces them one at a time on SIGHUP without dropping a request, replaces one that dies, and stops them all", async () => {
    const database = await createTestDatabase();
    const dir = tempDir("tenants-");
    copyDemoTenant("flirtpunt", dir);
    const tenant = demoTenant("flirtpunt");
    await createMember(database.db, { tenant, email: "anna@example.com", password: "anna-password-kite", name: "Anna" });
    const primary = startServer(dir, { DATABASE_URL: database.url!, WEB_CONCURRENCY: "2" });
    const host = tenant.domains[0]!;
    try {
      await waitForListening(primary);
      expect(primary.output()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ with 2 server processes/);
      const first = children(primary);
      expect(first).toHaveLength(2);

      // A member's open event stream, on one of them.
      const cookie = await logIn(primary.port, host, "anna@example.com", "anna-password-kite");
      const stream = openEventStream(primary.port, host, cookie);
      expect(await stream.ready).toBe(200);

      // A deploy: every process replaced while visitors keep asking.
      const load = keepAsking(primary.port, host);
      process.kill(primary.pid, "SIGHUP");
      await until(() => primary.output().includes("every server process replaced"), "restart finished", primary);
      const { answered, failures } = await load.stop();
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(20);
      const second = children(primary);
      expect(second).toHaveLength(2);
      expect(second.filter((pid) => first.includes(pid))).toEqual([]);
      // The stream ended when its process stopped (the browser reconnects to another one).
      await stream.end;

      // A process that dies is replaced; the other keeps answering meanwhile.
      process.kill(second[0]!, "SIGKILL");
      await until(() => children(primary).length === 2 && !children(primary).includes(second[0]!), "a replacement", primary);
      const replacement = children(primary).find((pid) => pid !== second[1])!;
      await until(() => primary.output().includes(`server process ${replacement} ready`), "the replacement listening", primary);
      expect((await send(primary.port, host, "/pages/cookies")).status).toBe(200);

      const stillRunning = children(primary);
      await primary.stop();
      expect(await primary.exited).toBe(0);
      for (const pid of stillRunning) expect(running(pid), `process ${pid} still runs`).toBe(false);
    } finally {
      // Its processes stop when it goes, even killed (they see the channel to it close).
      const left = children(primary);
      await primary.kill();
      await until(() => left.every((pid) => !running(pid)), "its processes gone", primary, 30_000);
      await database.close();
    }
  }, 120_000);
});
