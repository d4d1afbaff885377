import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { DELETION_REASONS } from "../../app/domain/deletion-reasons";
import { members, memberStatus } from "./members";

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
 * Personal discounts offered to a member, such as the brand's delete_discount for staying.
 * One of each kind per member; the payments issue redeems them.
 */
export const memberDiscounts = pgTable(
  "member_discounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    percentage: integer("percentage").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("member_discounts_member_kind_key").on(t.memberId, t.kind)],
);
