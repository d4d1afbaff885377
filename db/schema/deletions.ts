import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { DELETION_REASONS } from "../../app/domain/deletion-reasons";
import { members, memberStatus } from "./members";
import { orders } from "./orders";

export const deletionReason = pgEnum("deletion_reason", DELETION_REASONS);

/** Every deletion request with its reason; the row outlives the purge (no personal data in it). */
export const accountDeletions = pgTable(
  "account_deletions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    /** The status to return to on reactivation (an unconfirmed address is confirmed by the link). */
    previousStatus: memberStatus("previous_status").notNull(),
    reason: deletionReason("reason").notNull(),
    remarks: text("remarks"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    reactivatedAt: timestamp("reactivated_at", { withTimezone: true }),
    purgedAt: timestamp("purged_at", { withTimezone: true }),
  },
  (t) => [index("account_deletions_member_idx").on(t.memberId, t.requestedAt)],
);

/**
 * Personal discounts of one member (docs/product/payments.md#personal-discounts): the welcome
 * discount, written when it is granted at signup, and the brand's delete_discount the member
 * accepted instead of leaving. One of each kind per member. A paid order that used one marks it
 * used (order_id); support can end one; past expires_at it is expired.
 */
export const memberDiscounts = pgTable(
  "member_discounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** 'welcome' or 'delete_discount'. */
    kind: text("kind").notNull(),
    percentage: integer("percentage").notNull(),
    /** The brand's currency when granted; null for rows from before it was recorded. */
    currency: text("currency"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** 'active', 'used' (by order_id) or 'ended' (by support, or a first purchase without it). */
    status: text("status").notNull().default("active"),
    /** The payment methods it applies to; null for all. */
    methods: text("methods").array(),
    /** The paid order that used it. */
    orderId: bigint("order_id", { mode: "number" }).references(() => orders.id, { onDelete: "set null" }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The staff member who ended it; null when it ended by itself. */
    endedByStaffId: bigint("ended_by_staff_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("member_discounts_member_kind_key").on(t.memberId, t.kind),
    index("member_discounts_kind_created_idx").on(t.kind, t.createdAt),
    check("member_discounts_status", sql`${t.status} in ('active', 'used', 'ended')`),
  ],
);
