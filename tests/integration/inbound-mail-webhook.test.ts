import { describe, expect, it } from "vitest";
import { action } from "../../app/routes/api.mail.inbound.$provider";
import { customerCase, openCase } from "../../app/models/support/support-cases.server";
import { guardRequest } from "../../app/web/request-guard.server";
import { testDatabasePerFile } from "../fixtures/database";

// The inbound-mail webhook as a request reaches it: through the request guard, then the route (review N-L-8).
const BOUNCE_SECRET = "the-bounce-webhook-secret";
const INBOUND_SECRET = "the-inbound-webhook-secret";
process.env.MAIL_WEBHOOK_SECRET = BOUNCE_SECRET;
process.env.MAIL_INBOUND_SECRET = INBOUND_SECRET;

const handle = testDatabasePerFile({ asAppDatabase: true });

async function inbound(body: unknown, password: string): Promise<Response> {
  const request = new Request("https://flirtpunt.nl/api/mail/inbound/postmark", {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`inbound:${password}`).toString("base64")}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const guarded = await guardRequest(request, "flirtpunt.nl", "nl");
  if ("refused" in guarded) return guarded.refused;
  return action({ request: guarded.request, params: { provider: "postmark" }, context: {} as never });
}

/** A reply as Postmark posts it: the text, the HTML and headers, and a photo attached (base64). */
function postmarkReply(mailboxHash: string, text: string) {
  return {
    MailboxHash: mailboxHash,
    StrippedTextReply: text,
    TextBody: `${text}\n\n> the mail before`,
    HtmlBody: `<html><body><p>${text}</p>${"<div>quoted</div>".repeat(2000)}</body></html>`,
    Headers: Array.from({ length: 30 }, (_, index) => ({ Name: `X-Header-${index}`, Value: "v".repeat(200) })),
    Attachments: [{ Name: "photo.jpg", ContentType: "image/jpeg", Content: Buffer.alloc(300 * 1024, 7).toString("base64"), ContentLength: 300 * 1024 }],
  };
}

describe("the inbound-mail webhook", () => {
  it("takes an ordinary reply with its HTML and an attached photo, far beyond the forms' 64 KiB", async () => {
    const opened = await openCase(handle.db, { siteId: "alpha", memberId: null, email: "replier@example.com", language: "nl", subject: "other", message: "Een vraag.", orderReference: null });
    const reply = postmarkReply(`${opened.reference}.${opened.token}`, "Dank je, nog een vraag.");
    expect(JSON.stringify(reply).length).toBeGreaterThan(400 * 1024);
    const response = await inbound(reply, INBOUND_SECRET);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, added: true });
    const seen = await customerCase(handle.db, opened, "alpha");
    expect(seen?.messages.at(-1)?.body).toBe("Dank je, nog een vraag.");
  });

  it("has a secret of its own: the bounce webhook's does not open it", async () => {
    const opened = await openCase(handle.db, { siteId: "alpha", memberId: null, email: "other@example.com", language: "nl", subject: "other", message: "Een vraag.", orderReference: null });
    const response = await inbound({ MailboxHash: `${opened.reference}.${opened.token}`, StrippedTextReply: "forged" }, BOUNCE_SECRET);
    expect(response.status).toBe(401);
    expect((await customerCase(handle.db, opened, "alpha"))?.messages.map((message) => message.body)).toEqual(["Een vraag."]);
  });
});
