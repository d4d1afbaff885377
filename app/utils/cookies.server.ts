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
