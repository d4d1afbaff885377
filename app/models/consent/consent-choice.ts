import type { BrandTag } from "~/tenancy/brand-tags";
import type { ConsentCategory } from "~/tenancy/schema";

/**
 * The version of the banner's texts (public/locales/<lng>/consent.json). Raise it whenever what the
 * banner says changes: every visitor and member is then asked again (docs/product/site.md#consent-and-tags).
 */
export const CONSENT_TEXT_VERSION = 1;

/** A visitor's or member's choice: what may load, under which text version, and when (epoch ms). */
export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
  version: number;
  at: number;
}

/** A stored value (the cookie, a record) as a choice, or null when it is none or of an older text version. */
export function currentChoice(value: unknown): ConsentChoice | null {
  if (typeof value !== "object" || value === null) return null;
  const { analytics, marketing, version, at } = value as Record<string, unknown>;
  if (typeof analytics !== "boolean" || typeof marketing !== "boolean" || typeof at !== "number") return null;
  return version === CONSENT_TEXT_VERSION ? { analytics, marketing, version, at } : null;
}

/** A member's choice is kept with the account and holds on every device; the newer of it and this browser's counts. */
export function newerChoice(account: ConsentChoice | null, browser: ConsentChoice | null): ConsentChoice | null {
  if (!account) return browser;
  if (!browser) return account;
  return browser.at > account.at ? browser : account;
}

/** A browser that sends Sec-GPC: 1 has refused marketing, whatever was clicked (docs/product/site.md#global-privacy-control). */
export function allows(choice: ConsentChoice | null, category: ConsentCategory, gpc: boolean): boolean {
  if (category === "marketing" && gpc) return false;
  return choice?.[category] ?? false;
}

/** The brand's tags this choice lets load; none before a choice. */
export function allowedTags(tags: readonly BrandTag[], choice: ConsentChoice | null, gpc: boolean): BrandTag[] {
  return tags.filter((tag) => allows(choice, tag.category, gpc));
}

/** Sec-GPC: 1 (https://privacycg.github.io/gpc-spec/). */
export function sendsGpc(headers: Headers): boolean {
  return headers.get("sec-gpc")?.trim() === "1";
}
