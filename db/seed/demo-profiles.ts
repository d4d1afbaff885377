import {
  da,
  de,
  de_AT,
  de_CH,
  en,
  en_AU,
  en_CA,
  en_GB,
  en_IE,
  en_US,
  es,
  Faker,
  fi,
  fr,
  fr_BE,
  it,
  nb_NO,
  nl,
  nl_BE,
  pl,
  sv,
  base,
  type LocaleDefinition,
} from "@faker-js/faker";
import places from "../../app/domain/data/places.json";
import { brandLanguage } from "../../app/i18n/resolve-language";
import { DEFAULT_LANGUAGE, type Language } from "../../app/domain/languages";
import {
  BODY_TYPES,
  EYE_COLOURS,
  HAIR_COLOURS,
  type RELATIONSHIP_STATUSES,
  SIGNUP_REASONS,
  type TATTOOS,
  type Gender,
  type Sexuality,
} from "../../app/domain/profile-fields";
import { nicheSlug } from "../../app/tenancy/niches";
import type { Tenant } from "../../app/tenancy/schema";
import fragments from "./data/about-fragments.json";
import { NICHE_DEMOGRAPHICS } from "./niche-profiles";

const NAME_LOCALES: Record<string, LocaleDefinition[]> = {
  NL: [nl],
  BE: [nl_BE, fr_BE],
  DE: [de],
  AT: [de_AT, de],
  CH: [de_CH, de],
  GB: [en_GB],
  IE: [en_IE],
  US: [en_US],
  CA: [en_CA],
  AU: [en_AU],
  NZ: [en_AU],
  PL: [pl],
  SE: [sv],
  FI: [fi],
  NO: [nb_NO],
  DK: [da],
  FR: [fr],
  IT: [it],
  ES: [es],
};

interface Region {
  code: string;
  name: string;
  cities: string[];
}

interface AboutFragments {
  openers: Record<Gender, string[]>;
  niche: Record<string, string[]>;
  closers: string[];
}

export interface DemoProfile {
  seedRef: string;
  email: string | null;
  isFictional: boolean;
  createdAt: Date;
  lastActiveAt: Date;
  hasPhoto: boolean;
  age: number;
  profile: {
    name: string;
    gender: Gender;
    sexuality: Sexuality;
    birthDate: string;
    country: string;
    region: string;
    city: string;
    signupReason: (typeof SIGNUP_REASONS)[number];
    tattoos: (typeof TATTOOS)[number];
    hairColour: (typeof HAIR_COLOURS)[number];
    eyeColour: (typeof EYE_COLOURS)[number];
    bodyType: (typeof BODY_TYPES)[number];
    relationshipStatus: (typeof RELATIONSHIP_STATUSES)[number];
    interests: string[];
    about: string;
  };
}

function weighted<T>(faker: Faker, options: Array<[T, number]>): T {
  let roll = faker.number.float({ min: 0, max: 1 });
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll <= 0) return value;
  }
  return options[options.length - 1]![0];
}

function fakerFor(country: string, seed: number): Faker {
  const faker = new Faker({ locale: [...(NAME_LOCALES[country] ?? [en]), en, base] });
  faker.seed(seed);
  return faker;
}

function seedNumber(text: string): number {
  let hash = 0;
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return Math.abs(hash);
}

function aboutText(faker: Faker, language: Language, niche: string, gender: Gender, city: string): string {
  const all = fragments as Record<string, AboutFragments>;
  const set = all[language] ?? all[DEFAULT_LANGUAGE]!;
  const nicheLines = set.niche[niche] ?? set.niche.general!;
  // In niches about women (bbw, gilf, milf, she) the first half of the lines is the woman's side.
  const half = nicheLines.length / 2;
  const sided = ["bbw", "gilf", "milf", "she"].includes(niche)
    ? gender === "female"
      ? nicheLines.slice(0, half)
      : nicheLines.slice(half)
    : nicheLines;
  const opener = faker.helpers.arrayElement(set.openers[gender]).replaceAll("{{city}}", city);
  return [opener, faker.helpers.arrayElement(sided), faker.helpers.arrayElement(set.closers)].join(" ");
}

function displayName(faker: Faker, gender: Gender, birthYear: number, city: string): string {
  const first = faker.person.firstName(gender);
  const style = faker.number.int({ min: 0, max: 9 });
  if (style < 6) return first;
  if (style < 8) return `${first}${String(birthYear).slice(2)}`;
  return `${first}_${city.split(/[\s-]/)[0]}`.slice(0, 24);
}

/**
 * The demo member number `index` of a pool, the same every time: seeding twice writes the
 * same people, so the seed can skip what exists.
 */
export function demoProfile(tenant: Tenant, index: number, now: Date): DemoProfile {
  const niche = nicheSlug(tenant.niche);
  const demographics = NICHE_DEMOGRAPHICS[niche];
  const picker = fakerFor("", seedNumber(`${tenant.pool}:${index}`));
  const country = picker.helpers.arrayElement(tenant.countries);
  const faker = fakerFor(country, seedNumber(`${tenant.pool}:${index}:${country}`));
  const gender: Gender = faker.number.float({ min: 0, max: 1 }) < demographics.femaleShare ? "female" : "male";
  const [minAge, maxAge] = demographics.ages[gender];
  const age = faker.number.int({ min: Math.max(minAge, tenant.settings.min_age), max: Math.max(maxAge, tenant.settings.min_age) });
  const birthDate = faker.date.birthdate({ mode: "age", min: age, max: age, refDate: now });
  const region = faker.helpers.arrayElement((places as Record<string, Region[]>)[country] ?? []);
  const city = region ? faker.helpers.arrayElement(region.cities) : "";
  const interests = faker.helpers.arrayElements(tenant.settings.interests, { min: 3, max: Math.min(8, tenant.settings.interests.length) });
  const createdAt = faker.date.recent({ days: 365, refDate: now });
  const lastActiveAt = faker.date.between({ from: createdAt, to: now });
  const language = brandLanguage(tenant) ?? DEFAULT_LANGUAGE;
  const isFictional = faker.number.float({ min: 0, max: 1 }) < 0.1;
  const bodyType = niche === "bbw" && gender === "female" ? "fat" : faker.helpers.arrayElement(BODY_TYPES);
  return {
    seedRef: `${tenant.pool}:${index}`,
    email: isFictional ? null : `${tenant.pool}-${index}@demo.invalid`,
    isFictional,
    createdAt,
    lastActiveAt,
    hasPhoto: faker.number.float({ min: 0, max: 1 }) < 0.85,
    age,
    profile: {
      name: displayName(faker, gender, birthDate.getUTCFullYear(), city),
      gender,
      sexuality: weighted(faker, demographics.sexualities[gender]),
      birthDate: birthDate.toISOString().slice(0, 10),
      country,
      region: region?.code ?? "",
      city,
      signupReason: faker.helpers.arrayElement(SIGNUP_REASONS),
      tattoos: weighted(faker, [["none", 0.6], ["some", 0.3], ["many", 0.1]]),
      hairColour: age > 62 ? "grey" : faker.helpers.arrayElement(HAIR_COLOURS.filter((c) => c !== "grey")),
      eyeColour: faker.helpers.arrayElement(EYE_COLOURS),
      bodyType,
      relationshipStatus: weighted(faker, [["single", 0.55], ["divorced", 0.2], ["unmarried", 0.1], ["widowed", age > 55 ? 0.1 : 0.02], ["living_together", 0.03], ["married", 0.02]]),
      interests,
      about: aboutText(faker, language, niche, gender, city),
    },
  };
}
