import { timingSafeEqual } from "node:crypto";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { readPostmarkFeedback, stopMailsTo } from "~/models/notifications/mail-feedback.server";

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
 * The mail provider's bounces and spam complaints (docs/product/notifications.md#bounces-and-complaints),
 * Postmark's webhook, authenticated with the shared secret MAIL_WEBHOOK_SECRET as the basic-auth
 * password. Without the secret configured the webhook does not exist.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const secret = env().MAIL_WEBHOOK_SECRET;
  if (params.provider !== "postmark" || !secret) return new Response(null, { status: 404 });
  const password = basicPassword(request.headers.get("authorization"));
  if (password === null || !sameSecret(password, secret)) {
    return new Response(null, { status: 401, headers: { "WWW-Authenticate": 'Basic realm="mail webhook"' } });
  }
  const feedback = readPostmarkFeedback(await request.json().catch(() => null));
  if (!feedback) return Response.json({ ok: false, error: "invalid_record" }, { status: 400 });
  const stopped = feedback.reason ? await stopMailsTo(db(), feedback.email, feedback.reason) : 0;
  return Response.json({ ok: true, stopped });
}

export function loader() {
  return redirect("/");
}
