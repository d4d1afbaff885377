import { isCountry, type Country } from "~/domain/languages";

/**
 * The visitor's country as told by a trusted proxy or CDN header (GEO_COUNTRY_HEADER, e.g.
 * cf-ipcountry), when the request came through one. Without it we do not guess from the
 * address; callers fall back to the brand's own countries.
 */
export function visitorCountry(headerValue: string | null): Country | null {
  const value = headerValue?.trim().toUpperCase();
  return isCountry(value) ? value : null;
}
