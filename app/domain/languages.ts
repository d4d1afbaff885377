/** Interface languages. Dutch is the source and the fallback. */
export const LANGUAGES = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "nl";

/** Languages offered per visitor country (docs/product/site.md#languages). */
export const COUNTRY_LANGUAGES = {
  US: ["en", "es"],
  NL: ["nl"],
  BE: ["nl", "fr", "de"],
  FR: ["fr"],
  IT: ["it"],
  ES: ["es"],
  DE: ["de"],
  AT: ["de"],
  IE: ["en"],
  GB: ["en"],
  CA: ["en", "fr"],
  PL: ["pl"],
  AU: ["en"],
  NZ: ["en"],
  CH: ["de", "it", "fr", "en"],
  DK: ["da"],
  FI: ["fi", "sv"],
  NO: ["nb"],
  SE: ["sv"],
} as const satisfies Record<string, readonly Language[]>;

export type Country = keyof typeof COUNTRY_LANGUAGES;
export const COUNTRIES = Object.keys(COUNTRY_LANGUAGES) as Country[];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function isCountry(value: unknown): value is Country {
  return typeof value === "string" && value in COUNTRY_LANGUAGES;
}

/** The name of each language in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  da: "Dansk",
  de: "Deutsch",
  en: "English",
  es: "Español",
  fi: "Suomi",
  fr: "Français",
  it: "Italiano",
  nb: "Norsk bokmål",
  nl: "Nederlands",
  pl: "Polski",
  sv: "Svenska",
};

/** BCP 47 tag used for dates and numbers in a language. */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  da: "da-DK",
  de: "de-DE",
  en: "en-GB",
  es: "es-ES",
  fi: "fi-FI",
  fr: "fr-FR",
  it: "it-IT",
  nb: "nb-NO",
  nl: "nl-NL",
  pl: "pl-PL",
  sv: "sv-SE",
};
