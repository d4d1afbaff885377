import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { accessFromMailboxHash, addCustomerMessage } from "~/models/support/support-cases.server";
import { readPostmarkInbound } from "~/models/support/inbound-mail";
import { mailWebhookRefusal } from "~/web/mail-webhook-auth.server";
import { readBoundedBody } from "~/web/request-guard.server";

/**
 * Postmark takes mails up to 35 MB, attachments included, which base64 in its JSON makes a third
 * larger: every reply it forwards fits. Only read once the caller has given the secret.
 */
const MAX_INBOUND_BYTES = 50 * 1024 * 1024;

/**
 * Replies to support mails (docs/product/support.md#replies-by-mail): Postmark's inbound webhook,
 * authenticated like the bounce webhook but with a secret of its own (MAIL_INBOUND_SECRET), so a
 * leak of one webhook's URL does not open the other. Its body, HTML and attachments included, is
 * read here up to MAX_INBOUND_BYTES; only the text is kept. The "+" part of the address names the case and carries
 * its secret; a reply without a valid one is accepted and dropped (so the provider does not retry).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const refusal = mailWebhookRefusal(request, params.provider, env().MAIL_INBOUND_SECRET);
  if (refusal) return refusal;
  const body = await readBoundedBody(request, MAX_INBOUND_BYTES);
  if (body === "tooLarge") return Response.json({ ok: false, error: "body_too_large" }, { status: 413, headers: { Connection: "close" } });
  const inbound = readPostmarkInbound(parseJson(body.toString("utf8")));
  if (!inbound) return Response.json({ ok: false, error: "invalid_record" }, { status: 400 });
  const access = accessFromMailboxHash(inbound.mailboxHash);
  const added = access !== null && inbound.body !== "" && (await addCustomerMessage(db(), access, { body: inbound.body, via: "mail" }));
  return Response.json({ ok: true, added });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function loader() {
  return redirect("/");
}
