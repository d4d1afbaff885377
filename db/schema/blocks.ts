import { bigint, index, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members";

/**
 * A member blocking another (docs/product/safety.md#blocks): the blocked member can no longer see or contact
 * the blocker, and neither appears in the other's search. Looked up in both directions.
 */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: bigint("blocker_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    blockedId: bigint("blocked_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked_idx").on(t.blockedId, t.blockerId)],
);

export type Block = typeof blocks.$inferSelect;
