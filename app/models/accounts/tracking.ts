/** Affiliate tracking keys read from the query on arrival (docs/product/site.md#tracking); click_id is the network's id of the ad click, sent back in conversion postbacks. */
export const TRACKING_KEYS = ["network", "ref", "sub1", "sub2", "sub3", "click_id"] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export type Tracking = Partial<Record<TrackingKey, string>>;

/** The longest tracking value kept. */
const MAX_VALUE = 100;
/**
 * The characters a tracking value may hold: what networks put in ids and labels, nothing that
 * could turn into markup, a formula or another URL's query when it is written into a postback.
 */
const VALUE = /^[\p{L}\p{N}._~:@+-]+$/u;

/** The known keys with valid text values, each trimmed to a sane length, from wherever they were read. */
function trackingFrom(read: (key: TrackingKey) => unknown): Tracking | null {
  const found: Tracking = {};
  for (const key of TRACKING_KEYS) {
    const value = read(key);
    const text = typeof value === "string" ? value.trim().slice(0, MAX_VALUE) : "";
    if (text && VALUE.test(text)) found[key] = text;
  }
  return Object.keys(found).length > 0 ? found : null;
}

/** The tracking values in a URL. */
export function trackingFromUrl(url: URL): Tracking | null {
  return trackingFrom((key) => url.searchParams.get(key));
}

/**
 * The tracking values in the visit's cookie, which the browser could have changed: only the known
 * keys with short text values are kept before anything is stored on an account.
 */
export function trackingFromCookie(value: unknown): Tracking | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  return trackingFrom((key) => (Object.hasOwn(record, key) ? record[key] : undefined));
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
