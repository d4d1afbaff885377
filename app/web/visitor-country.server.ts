import { isCountry, type Country } from "~/domain/languages";

/**
 * The visitor's country as told by a trusted proxy or CDN header (GEO_COUNTRY_HEADER, e.g.
 * cf-ipcountry). Without that header we do not guess from the address; callers fall back to
 * the brand's own countries.
 */
export function visitorCountry(headers: Headers, trustedHeader: string | undefined): Country | null {
  if (!trustedHeader) return null;
  const value = headers.get(trustedHeader)?.trim().toUpperCase();
  return isCountry(value) ? value : null;
}
