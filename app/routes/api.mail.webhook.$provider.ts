import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { readPostmarkFeedback, stopMailsTo } from "~/models/notifications/mail-feedback.server";
import { mailWebhookRefusal } from "~/web/mail-webhook-auth.server";

/**
 * The mail provider's bounces and spam complaints (docs/product/notifications.md#bounces-and-complaints),
 * Postmark's webhook, authenticated with the shared secret MAIL_WEBHOOK_SECRET as the basic-auth
 * password. Without the secret configured the webhook does not exist.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const refusal = mailWebhookRefusal(request, params.provider, env().MAIL_WEBHOOK_SECRET);
  if (refusal) return refusal;
  const feedback = readPostmarkFeedback(await request.json().catch(() => null));
  if (!feedback) return Response.json({ ok: false, error: "invalid_record" }, { status: 400 });
  const stopped = feedback.reason ? await stopMailsTo(db(), feedback.email, feedback.reason) : 0;
  return Response.json({ ok: true, stopped });
}

export function loader() {
  return redirect("/");
}
