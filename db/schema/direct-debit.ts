import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members";
import { orders } from "./orders";

/**
 * A direct-debit order being confirmed (docs/product/payments.md#direct-debit): the mandate's details,
 * what it buys, and the SMS code sent to the phone (only its hash), with attempts counted.
 * Confirming it creates the paid order (orderId).
 */
export const directDebitRequests = pgTable(
  "direct_debit_requests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    product: text("product").notNull(),
    /** The price the member agreed to in the mandate; confirming at another price is refused. */
    amountCents: integer("amount_cents"),
    discountCode: text("discount_code"),
    accountHolder: text("account_holder").notNull(),
    /** Electronic format: upper case, no spaces. */
    iban: text("iban").notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number").notNull(),
    zip: text("zip").notNull(),
    city: text("city").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    orderId: bigint("order_id", { mode: "number" }).references(() => orders.id, { onDelete: "set null" }),
    /** When the bank collected the money (entered or imported by staff): lifts the first-time cap. */
    collectedAt: timestamp("collected_at", { withTimezone: true }),
    /** When the collection came back (an R-transaction), with the bank's reason code. */
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    returnReason: text("return_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("direct_debit_requests_member_idx").on(t.memberId, t.createdAt),
    index("direct_debit_requests_phone_idx").on(t.phone),
    index("direct_debit_requests_iban_idx").on(t.iban),
    check("direct_debit_attempts_not_negative", sql`${t.attempts} >= 0`),
  ],
);

/** IBANs and phone numbers refused for direct debit (fraud, charge-backs). */
export const directDebitBlocks = pgTable(
  "direct_debit_blocks",
  {
    kind: text("kind", { enum: ["iban", "phone"] }).notNull(),
    /** Normalised like the requests store it: IBAN electronic format, phone E.164. */
    value: text("value").notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] })],
);

/** SMS messages the local SMS service "sent"; shown at /dev/sms while the local services are on. */
export const smsOutbox = pgTable("sms_outbox", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  siteId: text("site_id").notNull(),
  to: text("to").notNull(),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
