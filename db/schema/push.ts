import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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

/** What a push is about; its text is made when it is sent, in the member's language of that moment. */
export type PushEvent =
  | { kind: "message"; conversationId: number; senderId: number; newConversation: boolean }
  | { kind: "like"; likerId: number }
  | { kind: "match"; memberId: number };

/**
 * Pushes waiting to be sent, one per subscription (docs/product/notifications.md#push). Queued in
 * the transaction that stores the message or like, sent by the delivery worker, retried with
 * back-off; removed once sent, given up or when the subscription goes.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    event: jsonb("event").$type<PushEvent>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_deliveries_due_idx").on(t.nextAttemptAt)],
);
