import { createCookie } from "@remix-run/node";
import { env } from "~/env.server";
import { purposeKeys } from "~/services/secrets/keys.server";
import { STAFF_IDLE_HOURS } from "~/models/staff/staff-roles";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function baseOptions() {
  return { path: "/", sameSite: "lax" as const, secure: env().secureCookies, httpOnly: true };
}

/** The chosen interface language; a host-only cookie, so every domain keeps its own. */
export const localeCookie = createCookie("lng", { ...baseOptions(), maxAge: YEAR_SECONDS });

/** When the visitor dismissed the adult-content warning (epoch milliseconds). */
export const siteEntryCookie = createCookie("site_entry", { ...baseOptions(), maxAge: YEAR_SECONDS });

export const SESSION_DAYS = 30;

/**
 * A real deployment serves every brand over HTTPS only (site-origin.server.ts): its session cookie
 * then carries the `__Host-` prefix, which the browser accepts only from that very host, over
 * HTTPS, for the whole path, so no sibling subdomain can set or shadow it.
 */
export const SESSION_COOKIE_NAME = env().production && !env().devTenantHosts ? "__Host-sid" : "sid";

/** The random session id; signed with the session key of each secret (newest first, so they can rotate). */
export const sessionCookie = createCookie(SESSION_COOKIE_NAME, {
  ...baseOptions(),
  maxAge: SESSION_DAYS * 24 * 60 * 60,
  secrets: purposeKeys("session-cookie"),
});

/**
 * The visitor's traffic source and when it was first seen (docs/product/site.md#tracking), signed:
 * it is saved on the account at signup. Its lifetime is the brand's first-touch window, given
 * when it is written.
 */
export const trackingCookie = createCookie("tracking", { ...baseOptions(), secrets: purposeKeys("tracking") });


/**
 * Why the account that just tried to log in is banned, for /pages/ban (docs/product/moderation.md#bans):
 * signed, a few minutes, the /pages paths only (the page and its data request). Null for an account switched off without a ban record.
 */
export const banNoticeCookie = createCookie("ban_notice", { ...baseOptions(), path: "/pages", maxAge: 10 * 60, secrets: purposeKeys("ban-notice") });

/**
 * The visitor's cookie choice (docs/product/site.md#consent-and-tags): strictly necessary, since it
 * remembers that nothing else may be set. Signed, so a page script cannot forge a consent.
 */
export const consentCookie = createCookie("consent", { ...baseOptions(), maxAge: YEAR_SECONDS, secrets: purposeKeys("consent-cookie") });

/** A message for the next page only (docs/conventions.md#flash-messages). */
export const flashCookie = createCookie("flash", baseOptions());

/** The last member search of this browser session (docs/product/search.md#remembered-search), as a query string. */
export const searchCookie = createCookie("search", baseOptions());

/**
 * The address a signup was sent to, for the "check your mailbox" page (a few minutes). Its path
 * is /signup so that the page's data request (`/signup/sent.data`) carries it too.
 */
export const signupSentCookie = createCookie("signup_sent", { ...baseOptions(), path: "/signup", maxAge: 15 * 60 });

/**
 * Between a right password and the second step of a two-step login: who it is, signed with its own
 * key, for five minutes and the /login pages only. It is no session: nothing else accepts it.
 */
export const loginStepCookie = createCookie("login_step", { ...baseOptions(), path: "/login", maxAge: 5 * 60, secrets: purposeKeys("login-step") });

/** The secret of a two-step login being set up (sealed), until the member confirms it with a code. */
export const totpSetupCookie = createCookie("totp_setup", { ...baseOptions(), path: "/settings", maxAge: 10 * 60 });


/**
 * A staff login: its own cookie and key. Only the staff area reads it (context.server.ts), so a
 * member session never counts there and a staff session never counts elsewhere. Its path is the
 * whole site because the staff pages' data requests (`/staff.data`) lie outside `/staff/`.
 */
export const staffSessionCookie = createCookie(env().production && !env().devTenantHosts ? "__Host-staff" : "staff_sid", {
  ...baseOptions(),
  sameSite: "strict",
  maxAge: STAFF_IDLE_HOURS * 60 * 60,
  secrets: purposeKeys("staff-session"),
});
