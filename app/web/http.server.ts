import { data } from "@remix-run/node";

/** Throws a 404 rendered by the nearest error boundary. */
export function notFound(): never {
  throw data({ kind: "not-found" as const }, { status: 404 });
}

/** A redirect target from a form, limited to paths on this site. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}

/**
 * Whether the browser loads this as a page (a link followed, a form posted without JavaScript)
 * rather than the page's script fetching data. Browsers without Sec-Fetch-Dest count as a page.
 */
export function isDocumentRequest(request: Request): boolean {
  const destination = request.headers.get("sec-fetch-dest");
  return destination === null || destination === "document";
}
