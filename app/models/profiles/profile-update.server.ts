import { eq } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { profiles, type NewProfile, type Profile } from "../../../db/schema";
import { SEXUALITY_CONSENT_VERSION, type PersonalField, type personalSchema } from "./profile-forms";
import type { z } from "zod";
import { saveReviewedText } from "~/models/moderation/text-review.server";

/** Who wrote a text and what the brand holds for review (tenant settings.moderation.held_words). */
export interface TextReview {
  siteId: string;
  heldWords: readonly string[];
}

type PersonalInput = z.infer<typeof personalSchema>;

export async function saveLocation(db: Executor, memberId: number, input: { country: string; region: string; city?: string }): Promise<void> {
  await db
    .update(profiles)
    .set({ country: input.country, region: input.region, city: input.city || null, updatedAt: new Date() })
    .where(eq(profiles.memberId, memberId));
}

/** Profile columns behind the personal form fields. */
export const PERSONAL_COLUMNS = {
  gender: "gender",
  sexuality: "sexuality",
  relationship_status: "relationshipStatus",
  body_type: "bodyType",
  hair_colour: "hairColour",
  eye_colour: "eyeColour",
  tattoos: "tattoos",
  signup_reason: "signupReason",
} as const satisfies Record<PersonalField, keyof NewProfile>;

/** Saves the personal details the form asked; an asked field left empty means "rather not say". */
export async function savePersonal(db: Executor, memberId: number, input: PersonalInput, asked: readonly PersonalField[]): Promise<void> {
  if (asked.length === 0) return;
  const set: Partial<NewProfile> = {};
  for (const field of asked) {
    (set as Record<string, string | null>)[PERSONAL_COLUMNS[field]] = input[field] ?? null;
  }
  // The sexuality is kept only with its consent (the form refuses it without); clearing it ends the consent.
  if (asked.includes("sexuality")) {
    Object.assign(set, input.sexuality ? { sexualityConsentAt: new Date(), sexualityConsentVersion: SEXUALITY_CONSENT_VERSION } : { sexualityConsentAt: null, sexualityConsentVersion: null });
  }
  await db.update(profiles).set({ ...set, updatedAt: new Date() }).where(eq(profiles.memberId, memberId));
}

/** Name (reviewed when changed), and the date of birth when the brand shows it. Returns whether the name was held for review. */
export async function saveBasics(db: Database, memberId: number, input: { name: string; date_of_birth?: string }, review: TextReview): Promise<{ held: boolean }> {
  return db.transaction(async (tx) => {
    if (input.date_of_birth) await tx.update(profiles).set({ birthDate: input.date_of_birth, updatedAt: new Date() }).where(eq(profiles.memberId, memberId));
    return saveReviewedText(tx, { memberId, siteId: review.siteId, field: "name", text: input.name, heldWords: review.heldWords });
  });
}

export async function saveInterests(db: Executor, memberId: number, interests: readonly string[]): Promise<void> {
  await db
    .update(profiles)
    .set({ interests: [...new Set(interests)], updatedAt: new Date() })
    .where(eq(profiles.memberId, memberId));
}

/** "About me", reviewed when changed; returns whether it was held for review. */
export function saveAbout(db: Database, memberId: number, about: string | undefined, review: TextReview): Promise<{ held: boolean }> {
  return db.transaction((tx) => saveReviewedText(tx, { memberId, siteId: review.siteId, field: "about", text: about ?? null, heldWords: review.heldWords }));
}

export function textReviewOf(tenant: { id: string; settings: { moderation: { held_words: string[] } } }): TextReview {
  return { siteId: tenant.id, heldWords: tenant.settings.moderation.held_words };
}

export async function profileOf(db: Executor, memberId: number) {
  const [row] = await db.select().from(profiles).where(eq(profiles.memberId, memberId));
  return row ?? null;
}

/** Withdraws the consent for the sexuality: the field is cleared with it. */
export async function withdrawSexualityConsent(db: Executor, memberId: number): Promise<void> {
  await db.update(profiles).set({ sexuality: null, sexualityConsentAt: null, sexualityConsentVersion: null, updatedAt: new Date() }).where(eq(profiles.memberId, memberId));
}

/** What the personal form shows: the asked fields' values, and whether the sexuality's consent was given. */
export function personalValues(profile: Partial<Profile> | null | undefined, asked: readonly PersonalField[]): Record<string, string> {
  const values: Record<string, string> = Object.fromEntries(asked.map((field) => [field, (profile?.[PERSONAL_COLUMNS[field]] as string | null | undefined) ?? ""]));
  if (asked.includes("sexuality")) values.sexuality_consent = profile?.sexualityConsentAt ? "on" : "";
  return values;
}
