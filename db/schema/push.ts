import { bigint, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members";

/** A browser's web-push subscription for a member (docs/product/notifications.md#push). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint), index("push_subscriptions_member_idx").on(t.memberId)],
);
