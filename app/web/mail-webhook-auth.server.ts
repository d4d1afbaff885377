import { timingSafeEqual } from "node:crypto";

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The password of HTTP basic auth, which Postmark sends from the credentials in the webhook's URL. */
function basicPassword(header: string | null): string | null {
  const encoded = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? "")?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/**
 * The answer refusing a mail provider's webhook call, or null to go on: only Postmark, only with
 * the webhook's secret configured (MAIL_WEBHOOK_SECRET, MAIL_INBOUND_SECRET; else the webhook does
 * not exist) and given as the basic-auth password.
 */
export function mailWebhookRefusal(request: Request, provider: string | undefined, secret: string | undefined): Response | null {
  if (provider !== "postmark" || !secret) return new Response(null, { status: 404 });
  const password = basicPassword(request.headers.get("authorization"));
  if (password === null || !sameSecret(password, secret)) {
    return new Response(null, { status: 401, headers: { "WWW-Authenticate": 'Basic realm="mail webhook"' } });
  }
  return null;
}
