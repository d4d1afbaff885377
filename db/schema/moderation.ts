import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members";
import { conversations } from "./chat";
import { staffMembers } from "./staff";

/**
 * A changed profile text waiting for a moderator (docs/product/moderation.md#profile-texts). A
 * text with a word the brand lists is held: the profile keeps the old text until approved. Other
 * texts show at once and a rejection puts the previous text back.
 */
export const profileTextReviews = pgTable(
  "profile_text_reviews",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    field: text("field", { enum: ["name", "about"] }).notNull(),
    text: text("text").notNull(),
    previous: text("previous"),
    /** The brand's listed words found in it; non-empty means held. */
    heldWords: text("held_words").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: ["pending", "approved", "rejected"] }).notNull().default("pending"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: bigint("decided_by", { mode: "number" }).references(() => staffMembers.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("profile_text_reviews_pending_key").on(t.memberId, t.field).where(sql`${t.status} = 'pending'`),
    index("profile_text_reviews_queue_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Something staff tell a member (docs/product/moderation.md#telling-the-member): a rejected
 * photo or text, a warning. Shown at the top of the member's pages until put away.
 */
export const memberNotices = pgTable(
  "member_notices",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["photo_rejected", "text_rejected", "warning"] }).notNull(),
    reason: text("reason").notNull(),
    details: jsonb("details").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
  },
  (t) => [index("member_notices_open_idx").on(t.memberId).where(sql`${t.dismissedAt} is null`)],
);

/** A member's report of a profile (docs/product/moderation.md#reports), from the profile or a conversation. */
export const reports = pgTable(
  "reports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: text("site_id").notNull(),
    reporterId: bigint("reporter_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    reportedId: bigint("reported_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    conversationId: bigint("conversation_id", { mode: "number" }).references(() => conversations.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    text: text("text"),
    status: text("status", { enum: ["open", "closed"] }).notNull().default("open"),
    /** What the moderator did: dismissed, warned, hidden, banned. */
    outcome: text("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: bigint("decided_by", { mode: "number" }).references(() => staffMembers.id, { onDelete: "set null" }),
  },
  (t) => [
    index("reports_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
    index("reports_reported_idx").on(t.reportedId),
    uniqueIndex("reports_open_pair_key").on(t.reporterId, t.reportedId).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A ban (docs/product/moderation.md#bans): of an e-mail address, a phone number or an IBAN, on
 * every brand. The member it was issued for, when one, is disabled and logged out. Lifting keeps
 * the row for the record.
 */
export const bans = pgTable(
  "bans",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: ["email", "phone", "iban"] }).notNull(),
    /** Normalised: e-mail lower-cased, phone E.164, IBAN electronic format. */
    value: text("value").notNull(),
    memberId: bigint("member_id", { mode: "number" }).references(() => members.id, { onDelete: "set null" }),
    siteId: text("site_id"),
    reason: text("reason").notNull(),
    note: text("note"),
    staffId: bigint("staff_id", { mode: "number" }).references(() => staffMembers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    liftedBy: bigint("lifted_by", { mode: "number" }).references(() => staffMembers.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("bans_active_key").on(t.kind, t.value).where(sql`${t.liftedAt} is null`),
    index("bans_member_idx").on(t.memberId),
  ],
);
