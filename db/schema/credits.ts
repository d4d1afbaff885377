import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members";

/**
 * Every change of a member's credit balance, written in the same transaction as the change.
 * `(reason, reference)` is unique where a reference is given, so the same grant cannot happen twice.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").notNull(),
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_ledger_member_idx").on(t.memberId, t.createdAt),
    uniqueIndex("credit_ledger_reference_key").on(t.reason, t.reference).where(sql`${t.reference} is not null`),
    check("credit_ledger_balance_not_negative", sql`${t.balanceAfter} >= 0`),
  ],
);
