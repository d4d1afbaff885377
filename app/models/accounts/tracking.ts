/** Affiliate tracking keys read from the query on arrival (docs/product/site.md#tracking). */
export const TRACKING_KEYS = ["network", "ref", "sub1", "sub2", "sub3"] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export type Tracking = Partial<Record<TrackingKey, string>>;

/** The tracking values in a URL, each trimmed to a sane length. */
export function trackingFromUrl(url: URL): Tracking | null {
  const found: Tracking = {};
  for (const key of TRACKING_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) found[key] = value.slice(0, 100);
  }
  return Object.keys(found).length > 0 ? found : null;
}

/** The same URL without its tracking keys (path and query only). */
export function withoutTracking(url: URL): string {
  const clean = new URL(url);
  for (const key of TRACKING_KEYS) clean.searchParams.delete(key);
  return `${clean.pathname}${clean.search}`;
}

/** A visit counts as coming from a traffic source when a network or referrer is known. */
export function hasTrafficSource(tracking: Tracking | null): boolean {
  return Boolean(tracking?.network || tracking?.ref);
}

export type SignupSetting = "all" | "with_trafficsource" | "none";

/** docs/product/accounts.md#signup: signup is open for 'all', or for 'with_trafficsource' when a source is known. */
export function signupOpen(setting: SignupSetting, tracking: Tracking | null): boolean {
  return setting === "all" || (setting === "with_trafficsource" && hasTrafficSource(tracking));
}
