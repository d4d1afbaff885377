import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Scheduled jobs. A server process claims a due job by moving `next_run_at` forward in one
 * conditional update, so with several processes on one database each run happens once.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  lastError: text("last_error"),
});
