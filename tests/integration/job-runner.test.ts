import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import { scheduledJobs } from "../../db/schema/index";
import { runDueJobs, startJobRunner, type Job } from "../../app/jobs/job-runner.server";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";

const HOUR_MS = 60 * 60 * 1000;
let handle: TestDatabase;
/** A second connection pool, as a second server process has (PostgreSQL only). */
let second: DatabaseHandle | null = null;

beforeAll(async () => {
  handle = await createTestDatabase();
  if (handle.url) second = openDatabase({ url: handle.url, maxConnections: 5 });
});
afterAll(async () => {
  await second?.close();
  await handle.close();
});

function countingJob(name: string, runs: Date[], fail = false): Job {
  return {
    name,
    intervalMs: HOUR_MS,
    run: async (_db, now) => {
      runs.push(now);
      if (fail) throw new Error("storage unreachable");
    },
  };
}

describe("the job runner", () => {
  it("runs a due job once, then again only after its interval", async () => {
    const runs: Date[] = [];
    const job = countingJob("once-an-hour", runs);
    const start = new Date("2026-11-21T10:00:00Z");
    expect(await runDueJobs(handle.db, [job], start)).toEqual(["once-an-hour"]);
    expect(await runDueJobs(handle.db, [job], new Date(start.getTime() + HOUR_MS - 1))).toEqual([]);
    expect(await runDueJobs(handle.db, [job], new Date(start.getTime() + HOUR_MS))).toEqual(["once-an-hour"]);
    expect(runs).toHaveLength(2);
  });

  it("lets exactly one of several processes run each due job", async () => {
    const runs: Date[] = [];
    const job = countingJob("contended", runs);
    const now = new Date("2026-11-21T12:00:00Z");
    const databases = second ? [handle.db, second.db] : [handle.db];
    await Promise.all(Array.from({ length: 8 }, (_, i) => runDueJobs(databases[i % databases.length]!, [job], now)));
    expect(runs).toHaveLength(1);
  });

  it("records a failure, keeps running the other jobs, and tries again at the next interval", async () => {
    const failing: Date[] = [];
    const fine: Date[] = [];
    const lines: string[] = [];
    const now = new Date("2026-11-21T14:00:00Z");
    const jobs = [countingJob("breaks", failing, true), countingJob("works", fine)];
    expect(await runDueJobs(handle.db, jobs, now, (line) => lines.push(line))).toEqual(["breaks", "works"]);
    expect(fine).toHaveLength(1);
    expect(lines).toEqual(["job breaks failed: storage unreachable"]);
    const [row] = await handle.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, "breaks"));
    expect(row!.lastError).toBe("storage unreachable");
    expect(row!.nextRunAt.getTime()).toBe(now.getTime() + HOUR_MS);
  });

  it("ticks on its own until stopped", async () => {
    const runs: Date[] = [];
    const runner = startJobRunner(handle.db, [{ ...countingJob("ticking", runs), intervalMs: 1 }], { firstMs: 0, tickMs: 5, log: () => undefined });
    await expect.poll(() => runs.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await runner.stop();
    const stoppedAt = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs.length).toBe(stoppedAt);
  });
});
