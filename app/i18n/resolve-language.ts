import type { Tenant } from "~/tenancy/schema";
import { COUNTRY_LANGUAGES, DEFAULT_LANGUAGE, isCountry, isLanguage, type Language } from "~/domain/languages";

/** The first two letters of a brand's domain_language, when we have that catalogue. */
export function brandLanguage(tenant: Pick<Tenant, "domain_language"> | null): Language | null {
  const code = tenant?.domain_language.slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : null;
}

/** Member's saved language → locale cookie → a lander slug's language → the brand's domain language → Dutch. */
export function resolveLanguage(input: {
  memberLanguage?: string | null;
  cookieLanguage?: string | null;
  /** The language of the ad the visitor came from (docs/product/landers.md#variants). */
  adLanguage?: string | null;
  tenant: Pick<Tenant, "domain_language"> | null;
  acceptLanguages?: readonly string[];
}): Language {
  if (isLanguage(input.memberLanguage)) return input.memberLanguage;
  if (isLanguage(input.cookieLanguage)) return input.cookieLanguage;
  if (isLanguage(input.adLanguage)) return input.adLanguage;
  const fromBrand = brandLanguage(input.tenant);
  if (fromBrand) return fromBrand;
  // Only a request without a brand (an unknown host) gets here: follow the browser.
  const fromBrowser = input.acceptLanguages?.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage);
  return fromBrowser ?? DEFAULT_LANGUAGE;
}

/**
 * Languages the switcher offers: those of the visitor's country (docs/product/site.md#languages); when the
 * country is unknown or not in the table, those of the brand's countries. The current one is
 * always offered so it can be seen as selected.
 */
export function languageOptions(visitorCountry: string | null, tenant: Pick<Tenant, "countries">, current: Language): Language[] {
  const countries = isCountry(visitorCountry) ? [visitorCountry] : tenant.countries.filter(isCountry);
  const options = new Set<Language>(countries.flatMap((country) => [...COUNTRY_LANGUAGES[country]]));
  options.add(current);
  return [...options];
}
