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
  return { mailboxHash: text("MailboxHash"), body: (text("StrippedTextReply").trim() || text("TextBody").trim()).slice(0, 20_000) };
}
