import type { Tenant } from "~/tenancy/schema";
import { trackingCookie } from "~/web/cookies.server";
import { dateYearsBefore } from "~/models/members/birth-date";
import { signupOpen, trackingFromCookie, type Tracking } from "~/models/accounts/tracking";

/** The tracking keys stored for this visit, if any (only known keys with short text values). */
export async function visitTracking(request: Request): Promise<Tracking | null> {
  return trackingFromCookie((await trackingCookie.parse(request.headers.get("cookie"))) as unknown);
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
    open: signupOpen(tenant.settings.signups, await visitTracking(request)),
    minAge: tenant.settings.min_age,
    latestBirthDate: dateYearsBefore(new Date(), tenant.settings.min_age),
  };
}
