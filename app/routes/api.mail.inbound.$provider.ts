import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { accessFromMailboxHash, addCustomerMessage } from "~/models/support/support-cases.server";
import { readPostmarkInbound } from "~/models/support/inbound-mail";
import { mailWebhookRefusal } from "~/web/mail-webhook-auth.server";

/**
 * Replies to support mails (docs/product/support.md#replies-by-mail): Postmark's inbound webhook,
 * authenticated like the bounce webhook. The "+" part of the address names the case and carries
 * its secret; a reply without a valid one is accepted and dropped (so the provider does not retry).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const refusal = mailWebhookRefusal(request, params.provider, env().MAIL_WEBHOOK_SECRET);
  if (refusal) return refusal;
  const inbound = readPostmarkInbound(await request.json().catch(() => null));
  if (!inbound) return Response.json({ ok: false, error: "invalid_record" }, { status: 400 });
  const access = accessFromMailboxHash(inbound.mailboxHash);
  const added = access !== null && inbound.body !== "" && (await addCustomerMessage(db(), access, { body: inbound.body, via: "mail" }));
  return Response.json({ ok: true, added });
}

export function loader() {
  return redirect("/");
}
