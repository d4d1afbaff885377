import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members";
import { orders, orderStatus } from "./orders";

/**
 * The local payment provider's own payments: what the simulated hosted checkout at
 * /dev/checkout/{id} shows and what its webhook calls report, kept apart from our orders the way
 * a real provider keeps them on its side. Used only while the local services are on.
 */
export const localPayments = pgTable("local_payments", {
  id: text("id").primaryKey(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  method: text("method").notNull(),
  issuer: text("issuer"),
  redirectUrl: text("redirect_url").notNull(),
  webhookUrl: text("webhook_url").notNull(),
  status: orderStatus("status").notNull().default("open"),
  /** Refunded so far (a refund staff started), reported like Mollie's amountRefunded. */
  refundedCents: integer("refunded_cents").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Discount codes handed out by marketing (docs/product/payments.md#discount-codes): a whole percentage, a minimum order
 * value in cents of the order's currency, and optionally one brand, one country or an end date.
 * The time bonus and welcome discount are not rows here: they are per member (discounts.server.ts).
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    /** Upper case; what the member types. */
    code: text("code").primaryKey(),
    percent: integer("percent").notNull(),
    minOrderCents: integer("min_order_cents").notNull().default(0),
    /** The currency minOrderCents is in; null means any (then minOrderCents should be 0). */
    currency: text("currency"),
    country: text("country"),
    siteId: text("site_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    /** How many members may use it; null for no limit. */
    maxRedemptions: integer("max_redemptions"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("discount_codes_percent_range", sql`${t.percent} between 1 and 99`),
    check("discount_codes_upper", sql`${t.code} = upper(${t.code})`),
  ],
);

/**
 * A code a member used: one row per member and code, held by the order that uses it. A code is
 * "used" while that order is paid or still pending; a failed, cancelled or expired order lets
 * the next order take the row over (discounts.server.ts).
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("discount_redemptions_member_code_key").on(t.memberId, t.code), index("discount_redemptions_order_idx").on(t.orderId)],
);
