import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, date, index, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
} from "../../app/domain/profile-fields";
import { members } from "./members";
import { photos } from "./photos";

export const gender = pgEnum("gender", GENDERS);
export const sexuality = pgEnum("sexuality", SEXUALITIES);
export const bodyType = pgEnum("body_type", BODY_TYPES);
export const relationshipStatus = pgEnum("relationship_status", RELATIONSHIP_STATUSES);
export const hairColour = pgEnum("hair_colour", HAIR_COLOURS);
export const eyeColour = pgEnum("eye_colour", EYE_COLOURS);
export const tattoos = pgEnum("tattoos", TATTOOS);
export const signupReason = pgEnum("signup_reason", SIGNUP_REASONS);

/**
 * The public face of a member. `pool` and `listed` are copied from the member and its site so
 * that search reads one table through one index.
 */
export const profiles = pgTable(
  "profiles",
  {
    memberId: bigint("member_id", { mode: "number" })
      .primaryKey()
      .references(() => members.id, { onDelete: "cascade" }),
    pool: text("pool").notNull(),
    name: text("name").notNull(),
    gender: gender("gender"),
    sexuality: sexuality("sexuality"),
    /** The explicit consent to keep the sexuality (special-category data): when, and to which text version. */
    sexualityConsentAt: timestamp("sexuality_consent_at", { withTimezone: true }),
    sexualityConsentVersion: text("sexuality_consent_version"),
    birthDate: date("birth_date", { mode: "string" }),
    country: text("country"),
    region: text("region"),
    city: text("city"),
    signupReason: signupReason("signup_reason"),
    tattoos: tattoos("tattoos"),
    hairColour: hairColour("hair_colour"),
    eyeColour: eyeColour("eye_colour"),
    bodyType: bodyType("body_type"),
    relationshipStatus: relationshipStatus("relationship_status"),
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    about: text("about"),
    isFictional: boolean("is_fictional").notNull().default(false),
    /** The brands (tenant ids) of the pool that show this fictional profile; null: all of them. */
    shownOn: text("shown_on").array(),
    /** False while the member is invisible, disabled, unconfirmed-and-hidden or deleting. */
    listed: boolean("listed").notNull().default(true),
    mainPhotoId: bigint("main_photo_id", { mode: "number" }).references((): AnyPgColumn => photos.id, {
      onDelete: "set null",
    }),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Ascending indexes: scanned backwards they give `order by last_active_at desc, member_id desc`
  // (a DESC NULLS LAST index would not match that order). The columns after member_id do not
  // change the order; they let the search filters be checked inside the index, so only matching
  // rows are read from the table (docs/decisions/009-member-search.md).
  (t) => [
    index("profiles_pool_search_idx")
      .on(t.pool, t.gender, t.lastActiveAt, t.memberId, t.birthDate, t.country, t.region)
      .where(sql`${t.listed}`),
    index("profiles_pool_recent_idx")
      .on(t.pool, t.lastActiveAt, t.memberId, t.gender, t.birthDate, t.country, t.region)
      .where(sql`${t.listed}`),
    // Few matches (a region, a narrow age band): read just those, then sort them.
    index("profiles_pool_place_idx")
      .on(t.pool, t.country, t.region, t.gender, t.birthDate)
      .where(sql`${t.listed}`),
  ],
);

export type Profile = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;
