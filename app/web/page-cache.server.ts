import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/env.server";

/**
 * HTTP caching of a page that is the same for every visitor with the same cookies
 * (docs/product/landers.md#speed): a minute fresh, ten more minutes served while a fresh copy is
 * fetched. What else decides the page is named in Vary — the cookies (language, entry warning,
 * traffic source, cookie choice), Sec-GPC (which keeps marketing tags out, docs/product/site.md#consent-and-tags)
 * and the trusted country header — so no cache hands one visitor's page to another.
 * A member's page is never kept by anyone.
 */
export function visitorPageCache(context: Pick<AppLoadContext, "member">): HeadersInit {
  if (context.member) return { "Cache-Control": "private, no-store" };
  const geoHeader = env().GEO_COUNTRY_HEADER;
  return {
    "Cache-Control": "public, max-age=60, stale-while-revalidate=600",
    Vary: ["Cookie", "Sec-GPC", ...(geoHeader ? [geoHeader] : [])].join(", "),
  };
}
