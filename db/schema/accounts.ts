import { bigint, boolean, index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./members";

/** Every login attempt, so throttling holds across server processes. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: text("site_id").notNull(),
    email: text("email").notNull(),
    ip: text("ip"),
    succeeded: boolean("succeeded").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_attempts_account_idx").on(t.siteId, t.email, t.createdAt), index("login_attempts_ip_idx").on(t.ip, t.createdAt)],
);

export const emailTokenPurpose = pgEnum("email_token_purpose", ["activate", "reset_password", "change_email", "reactivate", "login_link"]);

/**
 * One-time links sent by e-mail. Only a SHA-256 of the token is stored; a token is used once
 * (`used_at`) and expires.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    purpose: emailTokenPurpose("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address a change_email token confirms. */
    newEmail: text("new_email"),
    /** The page a login_link opens (a path of the site). */
    targetPath: text("target_path"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("email_tokens_hash_key").on(t.tokenHash), index("email_tokens_member_idx").on(t.memberId, t.purpose, t.createdAt)],
);

/** Mails kept by the local mail service (LOCAL_SERVICES) instead of being sent. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: text("site_id").notNull(),
    from: text("from").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);

/**
 * Notification mails sent, by what they were about (docs/product/notifications.md#mails): the
 * hourly limit per conversation, the one reminder per unread stretch, the weekly digest, each
 * campaign once. Claimed by an upsert before the mail goes, so two processes never send one twice.
 */
export const notificationMailLog = pgTable(
  "notification_mail_log",
  {
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** What kind of mail: new_messages, unread_reminder, new_members_weekly, campaign. */
    kind: text("kind").notNull(),
    /** What it was about: `conversation:12`, `2026-W48`, `campaign:3`. */
    subjectKey: text("subject_key").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.subjectKey] })],
);

export interface CampaignText {
  subject: string;
  paragraphs: string[];
  button?: { label: string; url: string };
}

/** A brand's promotion or news mail, sent in batches to the members who allow its type. */
export const mailCampaigns = pgTable("mail_campaigns", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  siteId: text("site_id").notNull(),
  type: text("type").$type<"promotions" | "news">().notNull(),
  /** The text per language code; members get theirs, else the brand's language, else Dutch. */
  texts: jsonb("texts").$type<Record<string, CampaignText>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});
