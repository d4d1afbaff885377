import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const memberStatus = pgEnum("member_status", [
  "not_confirmed",
  "active",
  "disabled",
  "deletion_requested",
  "deleted",
]);

export interface TrackingData {
  network?: string;
  ref?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
  click_id?: string;
}

/** An account. It belongs to one site (tenant id); its profile is seen across the site's member pool. */
export const members = pgTable(
  "members",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: text("site_id").notNull(),
    /** Lower-cased; null for fictional profiles, which have no login. */
    email: text("email"),
    passwordHash: text("password_hash"),
    status: memberStatus("status").notNull().default("not_confirmed"),
    credits: integer("credits").notNull().default(0),
    /** Credits a refund, chargeback or returned collection took back beyond the balance; nothing can be spent while it is above 0 (docs/product/payments.md#reversals). */
    creditDebt: integer("credit_debt").notNull().default(0),
    /** Two-step login (docs/product/accounts.md#two-step-login): the TOTP secret, sealed with its own key. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last time step whose code was used: a code is never taken twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** SHA-256 of each unused recovery code. */
    totpRecoveryCodes: jsonb("totp_recovery_codes").$type<string[]>(),
    /** Messages this member may still send without credits (the brand's free_messages at signup). */
    freeMessages: integer("free_messages").notNull().default(0),
    /** Conversations this member started; counted, not derived, so a removed conversation does not give one back. */
    conversationsStarted: integer("conversations_started").notNull().default(0),
    paidUser: boolean("paid_user").notNull().default(false),
    language: text("language"),
    isFictional: boolean("is_fictional").notNull().default(false),
    invisible: boolean("invisible").notNull().default(false),
    tracking: jsonb("tracking").$type<TrackingData>(),
    /** Why the system stopped all notification mails: fbl, bounce or listunsubscribe (docs/product/notifications.md#mails-stopped-by-the-system). */
    notificationsDisabled: text("notifications_disabled").array().notNull().default(sql`'{}'::text[]`),
    /** Notification types the member turned off (docs/product/notifications.md#notification-types). */
    mailOptOuts: text("mail_opt_outs").array().notNull().default(sql`'{}'::text[]`),
    /** When the member put each account prompt away ("Later"), in ms since the epoch (docs/product/notifications.md#alerts). */
    /** The conversation the member opened last, and when they opened it (docs/product/chat.md#conversations): /chats on a wide screen returns to it. */
    lastChatId: bigint("last_chat_id", { mode: "number" }),
    lastChatAt: timestamp("last_chat_at", { withTimezone: true }),
    promptsSnoozed: jsonb("prompts_snoozed").$type<Record<string, number>>().notNull().default({}),
    /** The profile whose landing page this member signed up on: after activation they land in a conversation with it (docs/product/landers.md#member-landing-pages). */
    signupProfileId: bigint("signup_profile_id", { mode: "number" }),
    /** Next step of /complete-signup to show; null once the member finished or for older accounts. */
    signupStep: integer("signup_step"),
    /** Stable key of a generated demo member, so seeding twice does not duplicate. */
    seedRef: text("seed_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("members_site_email_key").on(t.siteId, t.email),
    uniqueIndex("members_seed_ref_key").on(t.seedRef),
    index("members_site_idx").on(t.siteId),
    index("members_created_brin").using("brin", t.createdAt),
    index("members_deleting_idx").on(t.deletionRequestedAt).where(sql`${t.status} = 'deletion_requested'`),
    check("members_credits_not_negative", sql`${t.credits} >= 0`),
    check("members_credit_debt_not_negative", sql`${t.creditDebt} >= 0`),
    check("members_free_messages_not_negative", sql`${t.freeMessages} >= 0`),
  ],
);

export type Member = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;
