/** Profile vocabularies shared by the schema, the seed, tenant settings and the forms. */
export const GENDERS = ["male", "female"] as const;
export const SEXUALITIES = ["hetero", "gay", "lesbian", "bi"] as const;
export const BODY_TYPES = ["slim", "normal", "fat"] as const;
export const RELATIONSHIP_STATUSES = [
  "divorced",
  "living_together",
  "married",
  "unmarried",
  "single",
  "widowed",
] as const;
export const HAIR_COLOURS = ["black", "brown", "blond", "red", "grey", "bald", "other"] as const;
export const EYE_COLOURS = ["brown", "blue", "green", "grey", "hazel"] as const;
export const TATTOOS = ["none", "some", "many"] as const;
export const SIGNUP_REASONS = ["relationship", "friendship", "flirt", "adventure", "chat"] as const;

export const INTERESTS = [
  "relationship",
  "one_night_stand",
  "kissing",
  "hugging",
  "massages",
  "lingerie",
  "sex_oral",
  "sex_roleplay",
  "sex_toys",
  "sex_outdoors",
  "sex_bondage",
  "gym",
  "sports",
  "dancing",
  "travelling",
  "music",
  "movies",
  "gaming",
  "politics",
  "outdoors",
  "gardening",
  "hiking",
  "biking",
  "reading",
  "animals",
  "beach",
  "art",
  "photography",
  "theater",
  "shopping",
  "fashion",
  "astrology",
  "cooking",
  "wine",
  "beer",
  "dining_out",
] as const;

export const PROFILE_FIELDS = [
  "name",
  "country",
  "region",
  "city",
  "gender",
  "sexuality",
  "date_of_birth",
  "signup_reason",
  "tattoos",
  "hair_colour",
  "eye_colour",
  "body_type",
  "relationship_status",
  "interests",
  "about",
] as const;

export const SEARCH_FIELDS = [
  "gender",
  "country",
  "region",
  "min_age",
  "max_age",
  "sexuality",
  "body_type",
  "relationship_status",
  "has_photo",
] as const;

export type Gender = (typeof GENDERS)[number];
export type Sexuality = (typeof SEXUALITIES)[number];
export type BodyType = (typeof BODY_TYPES)[number];
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
export type Interest = (typeof INTERESTS)[number];
