import { createCookie } from "@remix-run/node";
import { env } from "~/env.server";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function baseOptions() {
  return { path: "/", sameSite: "lax" as const, secure: env().production, httpOnly: true };
}

/** The chosen interface language; a host-only cookie, so every domain keeps its own. */
export const localeCookie = createCookie("lng", { ...baseOptions(), maxAge: YEAR_SECONDS });

/** When the visitor dismissed the adult-content warning (epoch milliseconds). */
export const siteEntryCookie = createCookie("site_entry", { ...baseOptions(), maxAge: YEAR_SECONDS });

export const SESSION_DAYS = 30;

/** The random session id; signed with SESSION_SECRETS (newest first, so they can rotate). */
export const sessionCookie = createCookie("sid", {
  ...baseOptions(),
  maxAge: SESSION_DAYS * 24 * 60 * 60,
  secrets: env().sessionSecrets,
});

/** Tracking keys of this visit: a browser-session cookie, saved on the account at signup. */
export const trackingCookie = createCookie("tracking", baseOptions());

/** When each alert was dismissed (alert name → epoch ms): docs/product/notifications.md#alerts. */
export const dismissedAlertsCookie = createCookie("alerts", { ...baseOptions(), maxAge: YEAR_SECONDS });

/** A message for the next page only (docs/conventions.md#flash-messages). */
export const flashCookie = createCookie("flash", baseOptions());

/** The last member search of this browser session (docs/product/search.md#remembered-search), as a query string. */
export const searchCookie = createCookie("search", baseOptions());
