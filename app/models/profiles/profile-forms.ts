import { z } from "zod";
import {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
} from "~/domain/profile-fields";
import { ageOn } from "~/utils/age";
import { isPlausibleBirthDate } from "~/models/members/birth-date";
import { isPlainName } from "~/models/members/display-name";

/** Form schemas for the profile parts, shared by /complete-signup and /profile (browser and server). */

/**
 * Name and date of birth (docs/product/profiles.md#profile-fields): the name must not start with @ nor be the member's
 * e-mail address; the date must be real and old enough for the brand.
 */
export function basicsSchema(input: { minAge: number; email: string; askDateOfBirth: boolean; now?: Date }) {
  const now = input.now ?? new Date();
  const dateOfBirth = z
    .string({ required_error: "validation.dateOfBirthRequired" })
    .refine((value) => isPlausibleBirthDate(value, now), "validation.dateOfBirthInvalid")
    .refine((value) => !isPlausibleBirthDate(value, now) || ageOn(value, now) >= input.minAge, "validation.dateOfBirthRequired");
  return z.object({
    name: z
      .string({ required_error: "validation.nameRequired" })
      .trim()
      .min(2, "validation.nameTooShort")
      .max(30, "validation.nameTooLong")
      .refine((name) => !name.startsWith("@"), "validation.nameStartsWithAt")
        .refine((name) => name.startsWith("@") || isPlainName(name), "security:nameCharacters")
      .refine((name) => name.toLowerCase() !== input.email.toLowerCase(), "validation.nameIsEmail"),
    // Required where the brand shows it (docs/product/profiles.md#profile-fields); not asked, so not sent, elsewhere.
    date_of_birth: input.askDateOfBirth ? dateOfBirth : dateOfBirth.optional(),
  });
}

/** Interests: any number of the brand's interests; anything else is refused. */
export function interestsSchema(allowed: readonly string[]) {
  return z.object({
    interests: z
      .array(z.string().refine((value) => allowed.includes(value), "validation.interestUnknown"))
      .max(allowed.length)
      .default([]),
  });
}

/** The brand's countries with their regions' codes: the page's own list, so the browser's check needs no place data of its own. */
export type CountryRegionCodes = { code: string; regions: ReadonlyArray<{ code: string }> };

export function locationSchema(countries: readonly CountryRegionCodes[]) {
  const country = (code: string) => countries.find((c) => c.code === code);
  return z
    .object({
      country: z.string({ required_error: "validation.countryRequired" }).refine((c) => country(c) !== undefined, "validation.countryRequired"),
      region: z.string({ required_error: "validation.regionRequired" }),
      city: z.string().trim().max(80, "validation.cityTooLong").optional(),
    })
    .refine((form) => country(form.country)?.regions.some((r) => r.code === form.region) ?? false, { message: "validation.regionRequired", path: ["region"] });
}

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional();

/**
 * The version of the consent text for the sexuality (catalogue security `sexualityConsent.label`):
 * stored with the consent, and raised whenever that text changes.
 */
export const SEXUALITY_CONSENT_VERSION = "2026-11-v1";

export const personalSchema = z
  .object({
    gender: optionalEnum(GENDERS),
    sexuality: optionalEnum(SEXUALITIES),
    /** Sexuality is special-category data (GDPR art. 9): kept only with this explicit consent. */
    sexuality_consent: z.literal("on").optional(),
    relationship_status: optionalEnum(RELATIONSHIP_STATUSES),
    body_type: optionalEnum(BODY_TYPES),
    hair_colour: optionalEnum(HAIR_COLOURS),
    eye_colour: optionalEnum(EYE_COLOURS),
    tattoos: optionalEnum(TATTOOS),
    signup_reason: optionalEnum(SIGNUP_REASONS),
  })
  .refine((form) => !form.sexuality || form.sexuality_consent === "on", { message: "security:sexualityConsent.required", path: ["sexuality_consent"] });

export const PERSONAL_FIELDS = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  relationship_status: RELATIONSHIP_STATUSES,
  body_type: BODY_TYPES,
  hair_colour: HAIR_COLOURS,
  eye_colour: EYE_COLOURS,
  tattoos: TATTOOS,
  signup_reason: SIGNUP_REASONS,
} as const;

export type PersonalField = keyof typeof PERSONAL_FIELDS;

/** The personal fields a brand shows (its visible_profile_fields), in the form's order. */
export function askedPersonalFields(brand: { settings: { visible_profile_fields: readonly string[] } }): PersonalField[] {
  return (Object.keys(PERSONAL_FIELDS) as PersonalField[]).filter((field) => brand.settings.visible_profile_fields.includes(field));
}

export const ABOUT_MAX = 1000;
export const aboutSchema = z.object({
  about: z.string().trim().max(ABOUT_MAX, "validation.aboutTooLong").optional(),
});
