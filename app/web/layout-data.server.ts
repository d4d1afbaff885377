import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/i18n/i18next.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { dismissedAlerts, isQuiet, type DismissedAlerts } from "~/models/notifications/pages/alerts.server";
import { firstPurchaseDiscount, type Discount } from "~/models/payments/discounts.server";
import { memberAttention } from "~/web/member-attention.server";
import { mayStillGetWelcome, personalDiscounts } from "~/models/payments/member-discounts.server";
import { db } from "~/db.server";
import type { Tenant } from "~/tenancy/schema";
import type { CurrentMember } from "~/models/members/current-member";
import { signupFormSettings } from "~/models/accounts/pages/signup-form-settings.server";
import { siteEntryCookie } from "~/web/cookies.server";
import { shouldShowSiteEntryWarning, type LayoutKind } from "~/models/safety/site-entry";
import type { ErrorTitles } from "~/components/ErrorPage";

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
  const member = context.member;
  const dismissed = dismissedAlerts(member);
  const attention = member ? await memberAttention(member.id, tenant.pool, openingProfile(request)) : null;
  // Only the layouts of the members area show the discount; whether it was used and the welcome record are remembered with the badges.
  const discount = member && attention && BONUS_LAYOUTS.has(layout) ? firstPurchaseDiscount(member, attention.firstDiscountUsed, attention.welcome ?? (await welcomeToGrant(tenant, member))) : null;
  // The welcome record is the layout's business only; the badges go to the page.
  const likes = attention ? { ...attention, welcome: undefined } : null;
  return {
    errorTitles: await errorTitles(context.language, tenant.name),
    showSiteEntry: await siteEntryWarning(request, context, layout),
    minAge: tenant.settings.min_age,
    /** For the signup modal, offered to visitors only. */
    signup: member ? null : await signupFormSettings(request, tenant),
    /** Top-navigation badges and a match the member has not been shown yet (docs/product/notifications.md#badges-and-title, docs/product/likes.md#matches). */
    likes,
    /** Credits or the Get Premium link in the top navigation (docs/product/payments.md#premium). */
    wallet: member ? { credits: member.credits, paidUser: member.paidUser } : null,
    bonus: memberBonus(member, discount, dismissed),
    alerts: accountAlerts(member, dismissed),
  };
}

/**
 * The document titles of the error pages under a layout (its `meta` shows them when a page
 * fails): every page has a title of its own (docs/product/site.md#accessibility).
 */
export async function errorTitles(language: AppLoadContext["language"], siteName: string): Promise<ErrorTitles> {
  const t = await getFixedT(language, "common");
  return { notFound: `${t("errors.notFound")} | ${siteName}`, failed: `${t("errors.title")} | ${siteName}` };
}

/** A member from before welcome discounts were recorded, still inside the window, gets the record now (member-discounts.server.ts). */
async function welcomeToGrant(tenant: Tenant, member: CurrentMember) {
  return mayStillGetWelcome(tenant, member) ? (await personalDiscounts(db(), tenant, member)).welcome : null;
}

const BONUS_LAYOUTS: ReadonlySet<LayoutKind> = new Set(["default", "chat"]);

/** The discount the layout advertises; times as the server measures them, so a wrong browser clock does not matter. */
export interface LayoutBonus {
  kind: "time_bonus" | "welcome";
  code: string;
  percent: number;
  /** Until the end, from this response on: the countdown starts from it. */
  endsInMs: number;
  /** Either banner can be put away for a while, like every account prompt (docs/product/notifications.md#one-prompt-at-a-time). */
  banner: boolean;
  /** docs/product/payments.md#time-bonus: the time-bonus popup may open (credits at 0, not dismissed before). */
  modal: boolean;
}

/**
 * The active discount as the layouts show it (docs/product/payments.md#one-first-purchase-discount): the time bonus while it applies,
 * otherwise the welcome discount. Only the time bonus has the popup.
 */
export function memberBonus(member: CurrentMember | null, discount: Discount | null, dismissed: DismissedAlerts, now = Date.now()): LayoutBonus | null {
  if (!member || member.paidUser || !discount?.endsAt || (discount.kind !== "time_bonus" && discount.kind !== "welcome")) return null;
  const endsInMs = discount.endsAt.getTime() - now;
  if (endsInMs <= 0) return null;
  const timeBonus = discount.kind === "time_bonus";
  return {
    kind: discount.kind,
    code: discount.code,
    percent: discount.percent,
    endsInMs,
    banner: !isQuiet(dismissed, timeBonus ? "timeBonusBanner" : "welcomeBonus", now),
    modal: timeBonus && member.credits === 0 && !isQuiet(dismissed, "timeBonus", now),
  };
}

/** A profile being opened: its liker's like is marked seen by that page's loader, which runs beside this one. */
const OPENING_PROFILE = /^\/(?:members|likes\/m)\/(\d+)$/;

function openingProfile(request: Request): number | undefined {
  const opening = OPENING_PROFILE.exec(new URL(request.url).pathname)?.[1];
  return opening ? Number(opening) : undefined;
}

/** Which account alerts (docs/product/notifications.md#alerts) a member gets (where they stay hidden is the layout's part: alert-routes.ts). */
export function accountAlerts(member: CurrentMember | null, dismissed: DismissedAlerts) {
  const mailsStopped = (member?.notificationsDisabled.length ?? 0) > 0;
  return {
    // The reminder only while the member's mails are not stopped.
    unconfirmed: member?.status === "not_confirmed" && !mailsStopped && !isQuiet(dismissed, "unconfirmed"),
    notificationsDisabled: mailsStopped && !isQuiet(dismissed, "notificationsDisabled"),
    noPhoto: member !== null && member.thumbKey === null && !isQuiet(dismissed, "noPhoto"),
    // Whether it shows is decided in the browser, which alone knows its push state.
    push: member !== null && !isQuiet(dismissed, "push"),
  };
}
