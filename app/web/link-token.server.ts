import { createCookie, redirect } from "@remix-run/node";
import { env } from "~/env.server";

const cookies = new Map<string, ReturnType<typeof createCookie>>();

/**
 * The cookie lives on the page's parent path: Remix loads the same page's data from
 * `<path>.data` (after a form post, on revalidation), which a cookie for the page's path alone
 * would not reach.
 */
function cookieFor(pagePath: string) {
  const path = pagePath.replace(/\/[^/]*$/, "") || "/";
  let cookie = cookies.get(path);
  if (!cookie) {
    cookie = createCookie("link_token", { path, httpOnly: true, sameSite: "lax", secure: env().secureCookies, maxAge: 60 * 60 });
    cookies.set(path, cookie);
  }
  return cookie;
}

/**
 * The one-time token of a mailed link (`/reset-password/do?token=…`), moved out of the address
 * at once: the first visit stores it in a cookie for this path only and redirects to the bare
 * path, so the token is in neither the browser history nor a Referer (review L-10, N-L-9: also
 * the lasting link of a support case, `?t=`). Returns the token on the bare path, or null when
 * there is none.
 */
export async function linkToken(request: Request, parameter = "token"): Promise<string | null> {
  const url = new URL(request.url);
  const cookie = cookieFor(url.pathname);
  const fromQuery = url.searchParams.get(parameter);
  if (fromQuery !== null) {
    url.searchParams.delete(parameter);
    throw redirect(`${url.pathname}${url.search}`, { headers: { "Set-Cookie": await cookie.serialize(fromQuery.slice(0, 200)) } });
  }
  const stored = (await cookie.parse(request.headers.get("cookie"))) as unknown;
  return typeof stored === "string" ? stored : null;
}

/** Forgets the token once it was used. */
export function forgetLinkToken(request: Request): Promise<string> {
  return cookieFor(new URL(request.url).pathname).serialize("", { maxAge: 0 });
}
