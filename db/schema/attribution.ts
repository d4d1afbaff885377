import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members, type TrackingData } from "./members";

/**
 * A conversion of a member who came from a traffic source (docs/product/site.md#conversion-postbacks),
 * written in the transaction of the event itself; `key` makes each event once (signup:{member},
 * confirmed:{member}, first_purchase:{member}, purchase:{order}).
 */
export const conversionEvents = pgTable(
  "conversion_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    siteId: text("site_id").notNull(),
    memberId: bigint("member_id", { mode: "number" }).references(() => members.id, { onDelete: "set null" }),
    event: text("event").notNull(),
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    /** The member's traffic source when the event happened. */
    tracking: jsonb("tracking").$type<TrackingData>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the job turned it into the deliveries of the brand's postbacks. */
    expandedAt: timestamp("expanded_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("conversion_events_key").on(t.key), index("conversion_events_waiting_idx").on(t.id).where(sql`${t.expandedAt} is null`)],
);

/** One postback call to one network for one event: at most one per event and network, retried with back-off. */
export const postbackDeliveries = pgTable(
  "postback_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => conversionEvents.id, { onDelete: "cascade" }),
    network: text("network").notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAt: timestamp("next_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("postback_deliveries_event_network_key").on(t.eventId, t.network), index("postback_deliveries_due_idx").on(t.nextAt).where(sql`${t.status} = 'pending'`)],
);

/** Every attempt of a postback: the answer's status (null when none came), how long it took, and the error. */
export const postbackAttempts = pgTable(
  "postback_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => postbackDeliveries.id, { onDelete: "cascade" }),
    status: integer("status"),
    ms: integer("ms").notNull(),
    error: text("error"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("postback_attempts_delivery_idx").on(t.deliveryId)],
);
