import type { Country } from "~/domain/languages";
import type { Tenant } from "~/tenancy/schema";

export type LayoutKind = "default" | "chat" | "lander" | "empty";

/** Outside the default layout the warning is shown only to visitors from these countries (docs/product/safety.md#site-entry-warning). */
const BARE_LAYOUT_COUNTRIES: readonly string[] = ["NL", "DE"];

export interface SiteEntryInput {
  layout: LayoutKind;
  setting: Tenant["settings"]["enable_site_entry_popup"];
  /** From the geo header; when unknown, the brand's first country stands in. */
  visitorCountry: Country | null;
  brandCountries: readonly string[];
  loggedIn: boolean;
  dismissedAt: number | null;
}

/**
 * Whether the adult-content warning opens (docs/product/safety.md#site-entry-warning). The installed-app rule is
 * applied in the browser, the only place that knows.
 */
export function shouldShowSiteEntryWarning(input: SiteEntryInput): boolean {
  if (input.loggedIn || input.setting === "no" || input.dismissedAt !== null) return false;
  const country = input.visitorCountry ?? input.brandCountries[0] ?? null;
  if (Array.isArray(input.setting) && (!country || !input.setting.includes(country))) return false;
  if (input.layout !== "default" && (!country || !BARE_LAYOUT_COUNTRIES.includes(country))) return false;
  return true;
}
