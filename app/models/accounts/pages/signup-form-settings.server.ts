import type { Tenant } from "~/tenancy/schema";
import { trackingCookie } from "~/web/cookies.server";
import { dateYearsBefore } from "~/models/members/birth-date";
import { signupOpen, trackingFromCookie, type Tracking } from "~/models/accounts/tracking";

const DAY_MS = 86_400_000;

/**
 * The traffic source this visitor came from, if any, while the brand's first-touch window lasts
 * (only known keys with valid short values; a cookie whose signature fails counts as none).
 */
export async function visitTracking(request: Request, tenant: Tenant, now = Date.now()): Promise<Tracking | null> {
  const value = (await trackingCookie.parse(request.headers.get("cookie"))) as unknown;
  if (!value || typeof value !== "object") return null;
  const { t, at } = value as { t?: unknown; at?: unknown };
  const days = tenant.tracking.first_touch_days;
  if (typeof at !== "number" || (days > 0 && now - at > days * DAY_MS)) return null;
  return trackingFromCookie(t);
}

/**
 * What to do with tracking keys in an address (docs/product/site.md#tracking): the Set-Cookie that
 * keeps them, or null when an earlier source of this visitor still holds its first touch.
 */
export async function keepTracking(request: Request, tenant: Tenant, tracking: Tracking, now = Date.now()): Promise<string | null> {
  const days = tenant.tracking.first_touch_days;
  if (days > 0 && (await visitTracking(request, tenant, now))) return null;
  return trackingCookie.serialize({ t: tracking, at: now }, days > 0 ? { maxAge: days * 86_400 } : {});
}

export interface SignupFormSettings {
  /** Whether this visitor may sign up (the brand's signup policy and the visit's traffic source). */
  open: boolean;
  minAge: number;
  /** The latest date of birth old enough to sign up (YYYY-MM-DD), from the server's clock. */
  latestBirthDate: string;
}

/** What the signup form (page or modal) needs to know for this visitor. */
export async function signupFormSettings(request: Request, tenant: Tenant): Promise<SignupFormSettings> {
  return {
    open: signupOpen(tenant.settings.signups, await visitTracking(request, tenant)),
    minAge: tenant.settings.min_age,
    latestBirthDate: dateYearsBefore(new Date(), tenant.settings.min_age),
  };
}
