import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Mails the provider did not take (down, timing out): kept and tried again with growing pauses
 * (app/services/mail/retrying.server.ts), so a member's activation or reset mail still arrives.
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: text("site_id").notNull(),
    mail: jsonb("mail").notNull().$type<{ from: string; to: string; subject: string; html: string; text: string; headers?: Record<string, string> }>(),
    attempts: integer("attempts").notNull().default(1),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_queue_due_idx").on(t.nextAttemptAt)],
);
