import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members";

/**
 * Every cookie choice a visitor or member made (docs/product/site.md#consent-and-tags): when, what
 * they allowed, which version of the banner's texts they saw, on which brand, and who (null for a
 * visitor). A member's newest row is the account's choice, which holds on every device; rows are
 * never changed, so the record shows what was agreed to and when.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: text("site_id").notNull(),
    memberId: bigint("member_id", { mode: "number" }).references(() => members.id, { onDelete: "cascade" }),
    analytics: boolean("analytics").notNull(),
    marketing: boolean("marketing").notNull(),
    /** The CONSENT_TEXT_VERSION the banner had when the choice was made. */
    textVersion: integer("text_version").notNull(),
    /** The browser sent Sec-GPC: 1 (marketing is then refused whatever was clicked). */
    gpc: boolean("gpc").notNull().default(false),
    /** Where it was made: the banner, or taken over from the visitor's cookie at signup. */
    source: text("source", { enum: ["banner", "signup"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consent_records_member_idx").on(t.memberId, t.id), index("consent_records_site_created_idx").on(t.siteId, t.createdAt)],
);
