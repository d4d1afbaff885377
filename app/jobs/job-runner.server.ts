import { eq, lte, and, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { scheduledJobs } from "../../db/schema/index";
import { jobRan } from "~/services/metrics/business.server";

export interface Job {
  name: string;
  intervalMs: number;
  /** Does the work; may return a short summary for the log. */
  run(db: Database, now: Date): Promise<string | void>;
}

/**
 * Runs the jobs that are due. A job is claimed by moving its next run forward in one
 * conditional update, which works the same on PGlite and on PostgreSQL: with several server
 * processes on one database, exactly one of them wins each run. A failing job is recorded and
 * tried again at its next interval; it never stops the others.
 */
export async function runDueJobs(db: Database, jobs: Job[], now = new Date(), log: (line: string) => void = () => undefined): Promise<string[]> {
  const ran: string[] = [];
  for (const job of jobs) {
    await db.insert(scheduledJobs).values({ name: job.name, nextRunAt: now }).onConflictDoNothing();
    const [claimed] = await db
      .update(scheduledJobs)
      .set({ nextRunAt: new Date(now.getTime() + job.intervalMs), lastStartedAt: now })
      .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, now)))
      .returning({ name: scheduledJobs.name });
    if (!claimed) continue;
    ran.push(job.name);
    const started = performance.now();
    try {
      const summary = await job.run(db, now);
      jobRan(job.name, (performance.now() - started) / 1000, true);
      await db.update(scheduledJobs).set({ lastFinishedAt: sql`now()`, lastError: null }).where(eq(scheduledJobs.name, job.name));
      if (summary) log(`job ${job.name}: ${summary}`);
    } catch (error) {
      jobRan(job.name, (performance.now() - started) / 1000, false);
      const message = error instanceof Error ? error.message : String(error);
      await db.update(scheduledJobs).set({ lastError: message.slice(0, 2000) }).where(eq(scheduledJobs.name, job.name));
      log(`job ${job.name} failed: ${message}`);
    }
  }
  return ran;
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Checks for due jobs every `tickMs` (first after `firstMs`) until stopped; ticks never overlap.
 * By default it ticks as often as the most frequent job wants to run (at most every minute), so
 * a 30-second job does not wait for a one-minute tick.
 */
export function startJobRunner(
  db: Database,
  jobs: Job[],
  options: { tickMs?: number; firstMs?: number; log?: (line: string) => void } = {},
): JobRunner {
  const log = options.log ?? console.log;
  const tickMs = options.tickMs ?? Math.min(60_000, ...jobs.map((job) => job.intervalMs));
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      current = runDueJobs(db, jobs, new Date(), log)
        .catch((error: unknown) => log(`jobs: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          if (!stopped) schedule(tickMs);
        });
    }, delay);
    timer.unref();
  };
  schedule(options.firstMs ?? 5_000);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
