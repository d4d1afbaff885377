import { sql } from "drizzle-orm";
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members";

/**
 * The traffic source columns every figure is split by (docs/product/console.md#figures); an
 * empty string stands for "none", so they can be part of a primary key.
 */
const sourceColumns = {
  network: text("network").notNull().default(""),
  ref: text("ref").notNull().default(""),
  sub1: text("sub1").notNull().default(""),
  sub2: text("sub2").notNull().default(""),
  sub3: text("sub3").notNull().default(""),
};

/** Visitors who passed the site-entry warning, counted as they pass: the only figure not kept elsewhere. */
export const siteVisits = pgTable(
  "site_visits",
  {
    day: date("day", { mode: "string" }).notNull(),
    siteId: text("site_id").notNull(),
    ...sourceColumns,
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.siteId, t.network, t.ref, t.sub1, t.sub2, t.sub3] })],
);

/** The brand days a member was active on, written once per member and day (the session's "seen" update). */
export const memberActiveDays = pgTable(
  "member_active_days",
  {
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.memberId] })],
);

/**
 * The figures of one brand, day (in the brand's time zone) and traffic source, refreshed by a
 * job from the tables the product keeps (docs/product/console.md#figures); the console reads
 * only these rows.
 */
export const brandDayStats = pgTable(
  "brand_day_stats",
  {
    day: date("day", { mode: "string" }).notNull(),
    siteId: text("site_id").notNull(),
    ...sourceColumns,
    visitors: integer("visitors").notNull().default(0),
    signups: integer("signups").notNull().default(0),
    confirmed: integer("confirmed").notNull().default(0),
    firstPurchases: integer("first_purchases").notNull().default(0),
    purchases: integer("purchases").notNull().default(0),
    /** Paid amounts in cents per currency, less what was taken back. */
    revenue: jsonb("revenue").$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    /** Members who paid that day (the ARPU's divisor is active members). */
    payers: integer("payers").notNull().default(0),
    messages: integer("messages").notNull().default(0),
    activeMembers: integer("active_members").notNull().default(0),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.siteId, t.network, t.ref, t.sub1, t.sub2, t.sub3] }),
    index("brand_day_stats_site_idx").on(t.siteId, t.day),
  ],
);

/**
 * A brand text staff changed in the console (docs/product/console.md#brand-texts): it replaces
 * the tenant file's text of that key and language; deleting the row brings the file's back.
 */
export const brandTexts = pgTable(
  "brand_texts",
  {
    siteId: text("site_id").notNull(),
    key: text("key").notNull(),
    language: text("language").notNull(),
    text: text("text").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint("updated_by", { mode: "number" }),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.key, t.language] })],
);
