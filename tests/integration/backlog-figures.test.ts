import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { mailQueue, scheduledJobs } from "../../db/schema/index";
import { sendMessage } from "../../app/models/chat/chat-send.server";
import { backlogFigures } from "../../app/models/console/backlog-figures.server";
import { runDueJobs } from "../../app/jobs/job-runner.server";
import { jobRuns, messagesSent, setBacklogSource } from "../../app/services/metrics/business.server";
import { registry } from "../../app/services/metrics/registry.server";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";
import { tenantSchema } from "../../app/tenancy/schema";

/*
 * The figures /metrics reads from the database (docs/operations.md#metrics): the operator inbox
 * per brand, the delivery queues and the jobs' last successes, and the counters the models move.
 */
const handle = testDatabasePerFile();
const tenant = tenantSchema.parse(tenantFixture({ id: "alpha", pool: "shared" }));
const languages = { alpha: "nl" };

afterEach(() => setBacklogSource(undefined));

/** A sample of a metric in the text format (a histogram's `_count` is a sample of the histogram). */
const sample = async (name: string, labels: string, metric = name) => {
  const text = await registry.getSingleMetricAsString(metric);
  const line = text.split("\n").find((row) => row.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.split(" ").pop());
};

describe("the backlog at a scrape", () => {
  it("counts a member's unanswered message to a fictional profile in the operator inbox of its brand, with its wait", async () => {
    const anna = await createMember(handle.db, { tenant, name: "Anna", credits: 100, paidUser: true });
    const fiona = await createMember(handle.db, { tenant, name: "Fiona", fictional: true });
    const sentBefore = (await messagesSent.get()).values.find((value) => value.labels.brand === "alpha")?.value ?? 0;
    expect((await sendMessage(handle.db, { senderId: anna.id, recipientId: fiona.id, tenant, content: { kind: "text", body: "Ben je er?" } })).ok).toBe(true);
    expect((await messagesSent.get()).values.find((value) => value.labels.brand === "alpha")?.value).toBe(sentBefore + 1);

    const inAMinute = new Date(Date.now() + 60_000);
    const figures = await backlogFigures(handle.db, languages, inAMinute);
    expect(figures.inbox).toHaveLength(1);
    expect(figures.inbox[0]).toMatchObject({ brand: "alpha", waiting: 1 });
    expect(figures.inbox[0]!.oldestWaitSeconds).toBeGreaterThanOrEqual(59);
    expect(figures.inbox[0]!.oldestWaitSeconds).toBeLessThan(120);

    setBacklogSource(() => backlogFigures(handle.db, languages, inAMinute));
    expect(await sample("dating_operator_inbox_waiting", 'brand="alpha"')).toBe(1);
  });

  it("gives each queue's waiting items and how long the most overdue one waited, and when each job last succeeded", async () => {
    const now = new Date();
    await handle.db.insert(mailQueue).values([
      { siteId: "alpha", mail: { from: "a@b.nl", to: "c@d.nl", subject: "s", html: "h", text: "t" }, nextAttemptAt: new Date(now.getTime() - 90_000) },
      { siteId: "alpha", mail: { from: "a@b.nl", to: "c@d.nl", subject: "s", html: "h", text: "t" }, nextAttemptAt: new Date(now.getTime() + 90_000) },
      // Given up: no longer waiting.
      { siteId: "alpha", mail: { from: "a@b.nl", to: "c@d.nl", subject: "s", html: "h", text: "t" }, nextAttemptAt: now, attempts: 8 },
    ]);
    const finished = new Date("2026-11-28T10:00:00Z");
    await handle.db.insert(scheduledJobs).values([
      { name: "metrics-test-done", nextRunAt: new Date(now.getTime() - 600_000), lastFinishedAt: finished },
      { name: "metrics-test-never", nextRunAt: now },
    ]);
    try {
      const figures = await backlogFigures(handle.db, languages, now);
      const mail = figures.queues.find((queue) => queue.queue === "mail")!;
      expect(mail.waiting).toBe(2);
      expect(mail.overdueSeconds).toBeGreaterThanOrEqual(89);
      expect(mail.overdueSeconds).toBeLessThan(92);
      expect(figures.queues.find((queue) => queue.queue === "push")).toEqual({ queue: "push", waiting: 0, overdueSeconds: 0 });
      expect(figures.jobs).toEqual(expect.arrayContaining([{ job: "metrics-test-done", lastSuccess: finished, overdueSeconds: 600 }, { job: "metrics-test-never", lastSuccess: null, overdueSeconds: 0 }]));

      setBacklogSource(() => backlogFigures(handle.db, languages, now));
      expect(await sample("dating_queue_depth", 'queue="mail"')).toBe(2);
      expect(await sample("dating_job_last_success_timestamp_seconds", 'scheduled_job="metrics-test-done"')).toBe(finished.getTime() / 1000);
      expect(await sample("dating_job_last_success_timestamp_seconds", 'scheduled_job="metrics-test-never"')).toBeUndefined();
    } finally {
      await handle.db.execute(sql`delete from mail_queue`);
      await handle.db.execute(sql`delete from scheduled_jobs where name like 'metrics-test-%'`);
    }
  });

  it("counts and times each job run by its outcome", async () => {
    const runs = async (job: string, outcome: string) => (await jobRuns.get()).values.find((value) => value.labels.scheduled_job === job && value.labels.outcome === outcome)?.value ?? 0;
    const jobs = [
      { name: "metrics-test-ok", intervalMs: 60_000, run: async () => undefined },
      { name: "metrics-test-fails", intervalMs: 60_000, run: async () => Promise.reject(new Error("down")) },
    ];
    try {
      expect(await runDueJobs(handle.db, jobs)).toEqual(["metrics-test-ok", "metrics-test-fails"]);
      expect([await runs("metrics-test-ok", "ok"), await runs("metrics-test-fails", "failed"), await runs("metrics-test-fails", "ok")]).toEqual([1, 1, 0]);
      expect(await sample("dating_job_duration_seconds_count", 'scheduled_job="metrics-test-ok"', "dating_job_duration_seconds")).toBe(1);
    } finally {
      await handle.db.execute(sql`delete from scheduled_jobs where name like 'metrics-test-%'`);
    }
  });
});
