import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members";
import { conversations, messages } from "./chat";

/**
 * A staff member (docs/product/staff.md#staff-accounts): never a member, with its own login,
 * sessions and cookie. `brands` and `languages` are empty for "all"; roles are operator,
 * moderator, support and admin, several at once.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    roles: text("roles").array().notNull(),
    brands: text("brands").array().notNull().default(sql`'{}'::text[]`),
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    /** The language of the staff area for this person: en or nl. */
    uiLanguage: text("ui_language").notNull().default("en"),
    /** Null until the one-time setup link was used. */
    passwordHash: text("password_hash"),
    /** SHA-256 of the one-time setup link's token; cleared when used. */
    setupTokenHash: text("setup_token_hash"),
    setupExpiresAt: timestamp("setup_expires_at", { withTimezone: true }),
    /** The TOTP secret, sealed; two-step login is mandatory for staff. */
    totpSecret: text("totp_secret").notNull(),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_members_email_key").on(t.email)],
);

/** A staff login; like member sessions, the cookie holds only the random id. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null while the password is right but the second step is still to come. */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/** Every staff action, for an auditor (docs/product/staff.md#audit-log). Never updated. */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint("staff_id", { mode: "number" }).references(() => staffMembers.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    /** The brand the action concerned, when one. */
    siteId: text("site_id"),
    memberId: bigint("member_id", { mode: "number" }),
    conversationId: bigint("conversation_id", { mode: "number" }),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_audit_time_idx").on(t.createdAt), index("staff_audit_staff_idx").on(t.staffId, t.createdAt)],
);

/**
 * An operator's hold on a conversation with a fictional profile: one operator at a time, until
 * `expires_at` (renewed while typing). The primary key makes two holders impossible.
 */
export const conversationClaims = pgTable("conversation_claims", {
  conversationId: bigint("conversation_id", { mode: "number" })
    .primaryKey()
    .references(() => conversations.id, { onDelete: "cascade" }),
  staffId: bigint("staff_id", { mode: "number" })
    .notNull()
    .references(() => staffMembers.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** A message an operator sent as a fictional profile: who, and how long the member had waited. */
export const operatorReplies = pgTable(
  "operator_replies",
  {
    messageId: bigint("message_id", { mode: "number" })
      .primaryKey()
      .references(() => messages.id, { onDelete: "cascade" }),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    conversationId: bigint("conversation_id", { mode: "number" }).notNull(),
    siteId: text("site_id").notNull(),
    /** Milliseconds from the oldest unanswered member message to this reply; null when the operator wrote first. */
    waitedMs: integer("waited_ms"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("operator_replies_staff_idx").on(t.staffId, t.createdAt), index("operator_replies_site_idx").on(t.siteId, t.createdAt)],
);

/**
 * What operators know, shared by all of them: about a persona (the fictional profile's member id)
 * or about a member (what they told about themselves).
 */
export const staffNotes = pgTable("staff_notes", {
  memberId: bigint("member_id", { mode: "number" })
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  body: text("body").notNull(),
  updatedBy: bigint("updated_by", { mode: "number" }).references(() => staffMembers.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member message the inbox must point out (docs/product/staff.md#honest-answers): it asks
 * whether the profile is real (`asks_real`). Handled when the operator sent the honest answer.
 */
export const messageFlags = pgTable(
  "message_flags",
  {
    messageId: bigint("message_id", { mode: "number" })
      .primaryKey()
      .references(() => messages.id, { onDelete: "cascade" }),
    conversationId: bigint("conversation_id", { mode: "number" }).notNull(),
    kind: text("kind").notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: bigint("handled_by", { mode: "number" }).references(() => staffMembers.id, { onDelete: "set null" }),
  },
  (t) => [index("message_flags_open_idx").on(t.conversationId).where(sql`${t.handledAt} is null`)],
);

/**
 * Care for a member who may be vulnerable (docs/product/staff.md#vulnerable-members): the signals
 * that marked them, whether an operator has told them they chat with operators, the cool-down
 * that stops purchases, and the member's own monthly spending limit.
 */
export const memberCare = pgTable("member_care", {
  memberId: bigint("member_id", { mode: "number" })
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  vulnerableAt: timestamp("vulnerable_at", { withTimezone: true }),
  signals: text("signals").array().notNull().default(sql`'{}'::text[]`),
  warningSentAt: timestamp("warning_sent_at", { withTimezone: true }),
  coolDownUntil: timestamp("cool_down_until", { withTimezone: true }),
  /** Credits the member allows themselves per calendar month; null for no own limit. */
  ownMonthlyLimit: integer("own_monthly_limit"),
  /** The member does not want fictional profiles to write to them first. */
  noFirstMessages: boolean("no_first_messages").notNull().default(false),
  /** The brand's calendar day the counters below are for. */
  day: date("day", { mode: "string" }),
  /** Messages to fictional profiles that day, and of them those sent between midnight and 5 a.m. */
  dayMessages: integer("day_messages").notNull().default(0),
  nightMessages: integer("night_messages").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
