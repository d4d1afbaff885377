import { data } from "@remix-run/node";

/** Throws a 404 rendered by the nearest error boundary. */
export function notFound(): never {
  throw data({ kind: "not-found" as const }, { status: 404 });
}

/** A redirect target from a form, limited to paths on this site. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  // Browsers drop tabs and newlines while parsing a Location (so "/\t/evil.example" becomes
  // "//evil.example") and read a backslash as a slash: such values are refused outright, the rest
  // is parsed as a URL and kept only when it stays on this site (docs/product/safety.md#redirects).
  if (typeof value !== "string" || !value.startsWith("/") || hasControlOrBackslash(value)) return fallback;
  const url = new URL(value, LOCAL_ORIGIN);
  if (url.origin !== LOCAL_ORIGIN || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return true;
  }
  return false;
}

/** A stand-in origin for resolving a redirect target: one that never leaves it is a path of this site. */
const LOCAL_ORIGIN = "https://site.invalid";

/**
 * Whether the browser loads this as a page (a link followed, a form posted without JavaScript)
 * rather than the page's script fetching data. Browsers without Sec-Fetch-Dest count as a page.
 */
export function isDocumentRequest(request: Request): boolean {
  const destination = request.headers.get("sec-fetch-dest");
  return destination === null || destination === "document";
}

/**
 * Whether the person opened this page from this site, or typed or bookmarked it — not a link on
 * another site. Only such visits may change state on a GET (mark read, mark seen); browsers
 * without Sec-Fetch-Site count as our own.
 */
export function isOwnNavigation(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

/** A 405 for a script call's path asked with a method it does not take (docs/product/api.md#errors). */
export function methodNotAllowed(allow: string): Response {
  return new Response(null, { status: 405, headers: { Allow: allow } });
}

/** A script call's 404: another member's, pool's or brand's record, an unknown or malformed id (docs/product/api.md#errors). */
export function notFoundCall(): Response {
  return Response.json({ error: "not_found" }, { status: 404 });
}
