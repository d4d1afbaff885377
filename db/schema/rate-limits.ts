import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Requests counted per limit, subject and fixed time window (docs/product/safety.md#rate-limits).
 * One row per window, raised in one statement, so every server process on the database counts
 * into the same number.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    /** `<limit name>:<brand id>:<subject>` — an address, a member id, a phone number. */
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
