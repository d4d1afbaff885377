import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members";

/**
 * What happened for a member that their open pages should learn of at once (a new message, a
 * read receipt, a like, a match, a credit change). The id is the server-sent event's id: a
 * reconnecting stream asks for everything after the last id it saw. `data` holds ids and small
 * numbers only, never message content; rows are pruned after a day.
 */
export const memberEvents = pgTable(
  "member_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    data: jsonb("data").$type<Record<string, number>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("member_events_member_idx").on(t.memberId, t.id), index("member_events_created_idx").on(t.createdAt)],
);
