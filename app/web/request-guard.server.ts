import { getFixedT } from "~/i18n/i18next.server";
import type { Language } from "~/domain/languages";
import { applySecurityHeaders } from "./security-headers.server";

/** The largest body any form or script call of the site sends; photo uploads have their own limit. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Posts that come from outside the site by design (docs/product/safety.md#request-guard): the
 * payment and mail providers' webhooks, and one-click unsubscribe (RFC 8058), which a mail
 * program sends from wherever it runs.
 */
const CROSS_SITE_PATHS = [/^\/api\/payments\/webhook\/[^/]+$/, /^\/api\/mail\/(webhook|inbound)\/[^/]+$/, /^\/unsubscribe\/[^/]+$/];

/**
 * Read by their route after it has checked who calls: the mail provider's inbound webhook, whose
 * replies carry their HTML, headers and attachments and so exceed MAX_BODY_BYTES (review N-L-8).
 */
const OWN_LIMIT_PATHS = [/^\/api\/mail\/inbound\/[a-z]+$/];
/** Where photos are uploaded (multipart); readPhotoForm counts their bytes against its own limit. */
const PHOTO_PATHS = [/^\/profile$/, /^\/complete-signup\/photo$/, /^\/chats\/\d+$/, /^\/members\/\d+\/chat$/, /^\/staff\/profiles\/\d+$/];
/**
 * The calls that take a JSON body; every other action reads a form, and a body of another type
 * is refused here (it made the form parser throw: a 500, found by the fuzz suite).
 */
const JSON_PATHS = [
  /^\/api\/push\/(un)?subscribe$/,
  /^\/api\/page-(hidden(\.php)?|visible)$/,
  /^\/api\/mail\/(webhook|inbound)\/[a-z]+$/,
  // The JSON API's writes (docs/product/api.md#the-json-api).
  /^\/api\/(user|chat)\.php$/,
];
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type Refusal = "crossSite" | "tooLarge" | "badCharacters" | "unsupportedType";

/** A route's path, without the `.data` suffix of the page script's own data requests. */
function routePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

function changesState(method: string): boolean {
  return method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
}

/**
 * Cross-site request forgery (docs/product/safety.md#request-guard): a request that changes something must come from a page of the brand's own
 * origin. Browsers say so in Sec-Fetch-Site; where that header is missing, Origin must name the
 * host the request was addressed to. A request with neither is refused too: every browser that
 * can post a form sends one of them, and the site's own callers do.
 */
export function isCrossSite(request: Request, host: string | null): boolean {
  if (!changesState(request.method)) return false;
  const path = routePath(new URL(request.url).pathname);
  if (CROSS_SITE_PATHS.some((pattern) => pattern.test(path))) return false;
  // Pages cannot set Sec-Fetch-* themselves; an empty one counts as none.
  const fetchSite = request.headers.get("sec-fetch-site") || null;
  if (fetchSite !== null) return fetchSite !== "same-origin";
  const origin = request.headers.get("origin");
  if (!origin || !host) return true;
  try {
    return new URL(origin).host.toLowerCase() !== host.toLowerCase();
  } catch {
    return true;
  }
}

/**
 * The request's body, or "tooLarge" as soon as it passes `limit` bytes, declared or not. A refused
 * body is left unread (never cancelled: that would drop the connection before the answer); the
 * answer closes the connection instead.
 */
export async function readBoundedBody(request: Request, limit: number): Promise<Buffer | "tooLarge"> {
  if (Number(request.headers.get("content-length") ?? "0") > limit) return "tooLarge";
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      return "tooLarge";
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the body of a request that is not a photo upload into memory, refusing it past
 * MAX_BODY_BYTES whether or not it declared its length: the action then works on a
 * body that is already complete and small. A photo upload is passed on as it streams in.
 */
export async function withBoundedBody(request: Request): Promise<Request | "tooLarge" | "badCharacters" | "unsupportedType"> {
  if (!changesState(request.method) || !request.body) return request;
  const path = routePath(new URL(request.url).pathname);
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data");
  if (type && !FORM_TYPES.some((form) => type.startsWith(form)) && !JSON_PATHS.some((pattern) => pattern.test(path))) return "unsupportedType";
  if (multipart && PHOTO_PATHS.some((pattern) => pattern.test(path))) return request;
  if (OWN_LIMIT_PATHS.some((pattern) => pattern.test(path))) return request;
  const body = await readBoundedBody(request, MAX_BODY_BYTES);
  if (body === "tooLarge") return body;
  // A NUL character can be stored in no text column (PostgreSQL refuses it) and no person types
  // one: refused here for every form and call at once, raw or encoded (found by the fuzz suite).
  if (body.includes(0) || /%00|\\u0000/i.test(body.toString("latin1"))) return "badCharacters";
  return new Request(request, { body, duplex: "half" } as RequestInit);
}

/**
 * Runs before any loader or action (server/serve.mjs): the request as the app may handle it, or the
 * refusal to send instead — a short page in the visitor's language for a page load, JSON for a
 * script's call.
 */
export async function guardRequest(request: Request, host: string | null, language: Language): Promise<{ request: Request } | { refused: Response }> {
  if (isCrossSite(request, host)) {
    return { refused: await refusal(request, "crossSite", language) };
  }
  const bounded = await withBoundedBody(request);
  return typeof bounded === "string" ? { refused: await refusal(request, bounded, language) } : { request: bounded };
}

const STATUS: Record<Refusal, number> = { crossSite: 403, tooLarge: 413, badCharacters: 400, unsupportedType: 415 };
const CODE: Record<Refusal, string> = { crossSite: "cross_site_request", tooLarge: "body_too_large", badCharacters: "invalid_characters", unsupportedType: "unsupported_media_type" };

async function refusal(request: Request, reason: Refusal, language: Language): Promise<Response> {
  const t = await getFixedT(language, "security");
  const title = t(`${reason}.title`);
  const message = t(`${reason}.message`);
  const headers = new Headers({ "Cache-Control": "no-store" });
  // The rest of a body that is too large is not read: the connection ends with the answer.
  if (reason === "tooLarge") headers.set("Connection", "close");
  applySecurityHeaders(headers);
  const wantsPage = request.headers.get("sec-fetch-dest") === "document" || (request.headers.get("accept") ?? "").includes("text/html");
  if (!wantsPage) {
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(JSON.stringify({ error: CODE[reason], message }), { status: STATUS[reason], headers });
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Security-Policy", "default-src 'none'; base-uri 'none'; form-action 'none'");
  const page = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(t("home"))}</a></p></main></body></html>`;
  return new Response(page, { status: STATUS[reason], headers });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
