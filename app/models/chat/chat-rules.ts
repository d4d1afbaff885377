/** Client-safe chat rules and names shared by the pages and the server. */

export const MESSAGE_KINDS = ["text", "photo", "gift"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Free (non-paying) members may start this many conversations (docs/product/chat.md#conversation-limit). */
export const FREE_CONVERSATIONS = 2;

/** Why a message was not sent; each has its own translated text (namespace chat, `refused.*`). */
export const SEND_REFUSALS = [
  "unavailable",
  "conversationLimit",
  "insufficientCredits",
  "recipientUnconfirmed",
  "senderUnconfirmed",
  "empty",
  "tooLong",
  "giftUnavailable",
  "creditDebt",
  "careLimit",
] as const;
export type SendRefusal = (typeof SEND_REFUSALS)[number];

/** What a message of each kind costs on a brand (docs/product/chat.md#credits). */
export function messageCost(kind: MessageKind, settings: { message_credits: number; photo_credits: number; gift_credits: number }): number {
  if (kind === "photo") return settings.photo_credits;
  if (kind === "gift") return settings.gift_credits;
  return settings.message_credits;
}
