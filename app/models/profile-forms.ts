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
} from "./profile-fields";
import { isRegionOf } from "./places";

/** Form schemas for the profile parts that /complete-signup asks (and /profile will reuse). */
export function locationSchema(countries: readonly string[]) {
  return z
    .object({
      country: z.string({ required_error: "validation.countryRequired" }).refine((c) => countries.includes(c), "validation.countryRequired"),
      region: z.string({ required_error: "validation.regionRequired" }),
      city: z.string().trim().max(80, "validation.cityTooLong").optional(),
    })
    .refine((form) => isRegionOf(form.country, form.region), { message: "validation.regionRequired", path: ["region"] });
}

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional();

export const personalSchema = z.object({
  gender: optionalEnum(GENDERS),
  sexuality: optionalEnum(SEXUALITIES),
  relationship_status: optionalEnum(RELATIONSHIP_STATUSES),
  body_type: optionalEnum(BODY_TYPES),
  hair_colour: optionalEnum(HAIR_COLOURS),
  eye_colour: optionalEnum(EYE_COLOURS),
  tattoos: optionalEnum(TATTOOS),
  signup_reason: optionalEnum(SIGNUP_REASONS),
});

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

export const ABOUT_MAX = 1000;
export const aboutSchema = z.object({
  about: z.string().trim().max(ABOUT_MAX, "validation.aboutTooLong").optional(),
});
