/** What an inbound mail gives a case: the "+" part of the address it went to, and the reply's text. */
export interface InboundMail {
  mailboxHash: string;
  body: string;
}

/**
 * Postmark's inbound JSON: `MailboxHash` is the part after "+", `StrippedTextReply` the reply
 * without the quoted mail below it (empty for some clients, then the whole `TextBody`).
 */
export function readPostmarkInbound(body: unknown): InboundMail | null {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === "string" ? (record[key] as string) : "");
  if (typeof record.MailboxHash !== "string") return null;
  // No NUL character reaches the database (PostgreSQL refuses it in text); the request guard,
  // which refuses them in every other call, does not read this webhook's body.
  const reply = (text("StrippedTextReply").trim() || text("TextBody").trim()).replaceAll("\0", "").slice(0, 20_000);
  return { mailboxHash: text("MailboxHash"), body: reply };
}
