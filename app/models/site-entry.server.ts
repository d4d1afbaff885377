import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { dismissedAlerts, isQuiet, type DismissedAlerts } from "./alerts.server";
import { memberAttention } from "./member-attention.server";
import type { CurrentMember } from "./sessions.server";
import { signupFormSettings } from "./signup-form-settings.server";
import { siteEntryCookie } from "~/utils/cookies.server";
import { shouldShowSiteEntryWarning, type LayoutKind } from "./site-entry";

/** Loader helper for the layouts: does this request get the entry warning? */
export async function siteEntryWarning(request: Request, context: AppLoadContext, layout: LayoutKind): Promise<boolean> {
  const tenant = context.tenant;
  if (!tenant) return false;
  const dismissed = (await siteEntryCookie.parse(request.headers.get("cookie"))) as unknown;
  return shouldShowSiteEntryWarning({
    layout,
    setting: tenant.settings.enable_site_entry_popup,
    visitorCountry: context.country,
    brandCountries: tenant.countries,
    loggedIn: context.member !== null,
    dismissedAt: typeof dismissed === "number" ? dismissed : null,
  });
}

/**
 * What every layout route loads: the entry-warning decision for that layout. Routes call it
 * from a `loader` function of their own; a loader made by calling a `.server` function at module
 * level would survive into the browser bundle.
 */
export async function layoutData({ request, context }: LoaderFunctionArgs, layout: LayoutKind) {
  const tenant = requireTenant(context);
  const dismissed = await dismissedAlerts(request);
  const member = context.member;
  return {
    showSiteEntry: await siteEntryWarning(request, context, layout),
    minAge: tenant.settings.min_age,
    /** For the signup modal, offered to visitors only. */
    signup: member ? null : await signupFormSettings(request, tenant),
    /** Top-navigation badges and a match the member has not been shown yet (spec section 2). */
    likes: member ? await memberAttention(member.id, tenant.pool, openingProfile(request)) : null,
    alerts: accountAlerts(member, dismissed),
  };
}

/** A profile being opened: its liker's like is marked seen by that page's loader, which runs beside this one. */
const OPENING_PROFILE = /^\/(?:members|likes\/m)\/(\d+)$/;

function openingProfile(request: Request): number | undefined {
  const opening = OPENING_PROFILE.exec(new URL(request.url).pathname)?.[1];
  return opening ? Number(opening) : undefined;
}

/** Which account alerts of spec section 4 a member gets (where they stay hidden is the layout's part: alert-routes.ts). */
export function accountAlerts(member: CurrentMember | null, dismissed: DismissedAlerts) {
  const mailsStopped = (member?.notificationsDisabled.length ?? 0) > 0;
  return {
    // The reminder only while the member's mails are not stopped.
    unconfirmed: member?.status === "not_confirmed" && !mailsStopped && !isQuiet(dismissed, "unconfirmed"),
    notificationsDisabled: mailsStopped && !isQuiet(dismissed, "notificationsDisabled"),
    noPhoto: member !== null && member.thumbKey === null && !isQuiet(dismissed, "noPhoto"),
  };
}
