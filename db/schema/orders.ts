import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members, type TrackingData } from "./members";

/** Order statuses (docs/product/payments.md#checkout): open (created), pending (processing), then paid, failed, canceled or expired. */
export const orderStatus = pgEnum("order_status", ["open", "pending", "paid", "failed", "canceled", "expired"]);

/**
 * A payment order (docs/product/payments.md#checkout): what was bought (a credit bundle or a premium tier), for how
 * much in which currency after any discount, through which method and provider, and the
 * provider's payment id. Amounts are integer cents; the charged amount is computed on the server.
 */
export const orders = pgTable(
  "orders",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    /** `bundle:<id>` or `premium:<tier>` from the brand's price list. */
    product: text("product").notNull(),
    credits: integer("credits").notNull(),
    bonusCredits: integer("bonus_credits").notNull().default(0),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    discountCode: text("discount_code"),
    discountPercent: integer("discount_percent").notNull().default(0),
    method: text("method").notNull(),
    /** The bank chosen for methods that offer a choice (iDEAL, EPS). */
    issuer: text("issuer"),
    /** The buyer's country the method list was offered for. */
    country: text("country"),
    /** Set when the order repeats an earlier one (/credits/repeat-order). */
    repeatOfId: bigint("repeat_of_id", { mode: "number" }),
    provider: text("provider").notNull(),
    paymentId: text("payment_id"),
    status: orderStatus("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The buyer's traffic source (the account's, from signup): docs/product/site.md#tracking. */
    tracking: jsonb("tracking").$type<TrackingData>(),
    /** Money taken back after payment so far (refunds, chargebacks, a returned collection), in cents. */
    reversedCents: integer("reversed_cents").notNull().default(0),
    /** The credits taken back for it so far (from the balance or as debt). */
    reversedCredits: integer("reversed_credits").notNull().default(0),
  },
  (t) => [
    uniqueIndex("orders_payment_key").on(t.provider, t.paymentId),
    index("orders_member_idx").on(t.memberId, t.createdAt),
    index("orders_paid_idx").on(t.paidAt).where(sql`${t.paidAt} is not null`),
    check("orders_amount_positive", sql`${t.amountCents} > 0`),
    check("orders_credits_positive", sql`${t.credits} > 0 and ${t.bonusCredits} >= 0`),
    check("orders_discount_range", sql`${t.discountPercent} between 0 and 100`),
    check("orders_reversal_range", sql`${t.reversedCents} between 0 and ${t.amountCents} and ${t.reversedCredits} >= 0`),
  ],
);

/** Every status an order went through, with what reported it (the webhook, the buyer's return). */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: orderStatus("status").notNull(),
    source: text("source").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.at)],
);
