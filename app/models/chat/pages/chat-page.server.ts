import { data, type AppLoadContext } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { preparedPerDatabase, prepareTimed } from "../../../../db/prepared.server";
import { members, photos, profiles } from "../../../../db/schema";
import { db } from "~/db.server";
import { PhotoRejected, processPhoto } from "~/services/images/process-photo.server";
import { storage } from "~/services/storage/storage.server";
import type { Tenant } from "~/tenancy/schema";
import { isDocumentRequest, isOwnNavigation } from "~/web/http.server";
import { dayBefore, dayOf, listTime, type ChatClock } from "~/utils/chat-clock";
import { FREE_CONVERSATIONS, type SendRefusal } from "~/models/chat/chat-rules";
import { sendMessage, sendRefusal, type MessageContent, type SendOutcome } from "~/models/chat/chat-send.server";
import { countRequest, RATE_LIMITS, type RateLimit } from "~/models/safety/rate-limits.server";
import { tooManyInit } from "~/web/too-many.server";
import { conversationList, conversationMessages, markConversationRead, memberConversation, rememberOpenedConversation } from "~/models/chat/conversations.server";
import { isGiftId } from "~/domain/gifts";
import { notBlockedBetween } from "~/models/safety/not-blocked.server";
import { readPhotoForm } from "~/models/profiles/pages/photo-upload-form.server";
import type { CurrentMember } from "~/models/members/current-member";
import { approvedMainPhoto, cardColumns, decodeCursor, encodeCursor, toMemberCard } from "~/models/members/member-cards.server";
import { formatMoney } from "~/utils/money";
import { sendNewConversationMail } from "~/models/notifications/message-mails.server";

const LIST_PAGE = 30;
const MESSAGE_PAGE = 40;

/** The list column of the chat layout: one keyset page, and where the next one starts (`?after=`). */
export async function chatList(member: CurrentMember, tenant: Tenant, after: string | null) {
  const list = await conversationList(db(), storage(), {
    memberId: member.id,
    pool: tenant.pool,
    historyDays: tenant.settings.chat_history_days,
    after: decodeCursor(after),
    limit: LIST_PAGE,
  });
  return { items: list.items, more: list.next ? encodeCursor(list.next) : null };
}

/**
 * The list's first page with the time each item shows, written here, not in the browser
 * (docs/decisions/036-intl-formatting-in-loaders.md); `yesterday` is the chat catalogue's word.
 */
export function withListTimes<T extends { lastMessageAt: Date }>(items: T[], clock: ChatClock, yesterday: string): Array<T & { time: string }> {
  const when = listTime(clock, yesterday);
  return items.map((item) => ({ ...item, time: when(item.lastMessageAt) }));
}

/**
 * The other member as the chat's top bar shows them; null when they are not someone this member
 * may chat with (another pool, a block either way) — or, without a conversation, cannot see.
 */
export async function chatPartner(member: CurrentMember, tenant: Tenant, otherId: number, hasConversation: boolean) {
  const [row] = await partnerLookup(db()).execute({ memberId: member.id, otherId, pool: tenant.pool });
  if (!row || (!hasConversation && !row.listed) || otherId === member.id) return null;
  return toMemberCard(row, storage(), new Date());
}

/** Every conversation page shows its other member. */
const partnerLookup = preparedPerDatabase((database: Database) => {
  const otherId = sql.placeholder("otherId");
  return prepareTimed(
    database
      .select({ ...cardColumns, listed: profiles.listed })
      .from(profiles)
      .leftJoin(photos, approvedMainPhoto)
      .where(and(eq(profiles.memberId, otherId), eq(profiles.pool, sql.placeholder("pool")), notBlockedBetween(sql.placeholder("memberId"), otherId, database))),
    "chat_partner",
  );
});

/** Whether a free member has used up the conversations they may start (they are told before writing). */
export async function mayStartConversation(member: CurrentMember): Promise<boolean> {
  if (member.paidUser) return true;
  const [row] = await db().select({ started: members.conversationsStarted }).from(members).where(eq(members.id, member.id));
  return (row?.started ?? 0) < FREE_CONVERSATIONS;
}

/**
 * One conversation as its page shows it: the newest page, or older ones with `before`. Opened as
 * a page (a link followed without script) it is read at once; the page's script marks it read
 * itself while the page is visible (useMarkRead), so a reload in a background tab reads nothing.
 * A link from another site marks nothing: only the member's own visits change read receipts.
 */
export async function loadConversation(request: Request, member: CurrentMember, tenant: Tenant, conversationId: number, before: number | null) {
  const side = await memberConversation(db(), member.id, conversationId);
  if (!side) throw data(null, { status: 404 });
  const partner = await chatPartner(member, tenant, side.otherId, true);
  if (!partner) throw data(null, { status: 404 });
  if (!before && isDocumentRequest(request) && isOwnNavigation(request)) await markConversationRead(db(), member.id, conversationId, side);
  // Written only when the member turns to another conversation: reloading one writes nothing.
  if (!before && isOwnNavigation(request) && member.lastChatId !== conversationId) await rememberOpenedConversation(db(), member.id, conversationId);
  const history = await conversationMessages(db(), storage(), {
    conversationId,
    clearedAt: side.clearedAt,
    historyDays: tenant.settings.chat_history_days,
    before,
    limit: MESSAGE_PAGE,
  });
  return { conversationId, partner, otherReadUpTo: side.otherReadUpTo, ...history };
}

export type ChatActionReply =
  | { ok: true; conversationId: number; creditsLeft: number }
  | { ok: false; reason: SendRefusal | "photoRejected" | "photoTooLarge" | "tooMany"; body?: string; retryAfterSeconds?: number };

/** The answer of a chat form: 429 with Retry-After when a rate limit refused it. */
export function chatAnswer(reply: ChatActionReply) {
  return data(reply, !reply.ok && reply.retryAfterSeconds ? tooManyInit(reply.retryAfterSeconds) : undefined);
}

/** Counts a message against the member's limits (a photo also against its own); a member is counted as themselves, not by address. */
async function countSend(member: CurrentMember, tenant: Tenant, kind: MessageContent["kind"]) {
  const checks: Array<[RateLimit, string | number | null]> = [[RATE_LIMITS.chatMessagePerMember, member.id]];
  if (kind === "photo") checks.push([RATE_LIMITS.chatPhotoPerMember, member.id]);
  const counted = await countRequest(db(), tenant.id, checks);
  return counted.ok ? null : { ok: false as const, reason: "tooMany" as const, retryAfterSeconds: counted.retryAfterSeconds };
}

/**
 * The composer's post: a text, a photo (multipart) or a gift to `recipientId`. Cheap checks come
 * first — the rate limits, then every rule of the send (recipient, block, limit, credits) — so a
 * photo that would be refused is never decoded (review M-5); then the photo is checked and
 * re-encoded before anything is stored, and removed again when the message is refused after all.
 */
export async function sendFromForm(request: Request, member: CurrentMember, tenant: Tenant, recipientId: number): Promise<ChatActionReply> {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const limited = await countSend(member, tenant, "photo");
    if (limited) return limited;
    const refused = await sendRefusal(db(), { senderId: member.id, recipientId, tenant, kind: "photo" });
    if (refused) return { ok: false, reason: refused };
    const read = await readPhotoForm(request);
    if (!read.ok) return { ok: false, reason: read.error === "tooLarge" ? "photoTooLarge" : "photoRejected" };
    if (!read.file) return { ok: false, reason: "photoRejected" };
    let processed;
    try {
      processed = await processPhoto(read.file);
    } catch (error) {
      if (error instanceof PhotoRejected) return { ok: false, reason: error.reason === "tooLarge" ? "photoTooLarge" : "photoRejected" };
      throw error;
    }
    const name = randomBytes(16).toString("hex");
    const keys = { photoKey: `chat/${name.slice(0, 2)}/${name}.webp`, photoThumbKey: `chat/${name.slice(0, 2)}/${name}-thumb.webp` };
    await storage().put(keys.photoKey, processed.main, "image/webp");
    await storage().put(keys.photoThumbKey, processed.thumb, "image/webp");
    let outcome: SendOutcome | null = null;
    try {
      outcome = await send(member, tenant, recipientId, { kind: "photo", ...keys });
      return reply(outcome);
    } finally {
      // A refused or failed send leaves no file behind.
      if (!outcome?.ok) await Promise.all([storage().remove(keys.photoKey), storage().remove(keys.photoThumbKey)]);
    }
  }
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "gift") return sendGiftFromForm(form, member, tenant, recipientId);
  const body = String(form.get("body") ?? "");
  const limited = await countSend(member, tenant, "text");
  if (limited) return { ...limited, body };
  const outcome = await send(member, tenant, recipientId, { kind: "text", body });
  // What was typed comes back with a refusal, so nothing is lost.
  return outcome.ok ? reply(outcome) : { ok: false, reason: outcome.reason, body };
}

/** A gift chosen in a picker (the chat's or a profile's): field `gift`. */
export async function sendGiftFromForm(form: FormData, member: CurrentMember, tenant: Tenant, recipientId: number): Promise<ChatActionReply> {
  const giftId = form.get("gift");
  if (!isGiftId(giftId)) return { ok: false, reason: "giftUnavailable" };
  const limited = await countSend(member, tenant, "gift");
  if (limited) return limited;
  return reply(await send(member, tenant, recipientId, { kind: "gift", giftId }));
}

/**
 * Sends, and for a conversation just started tells the recipient by mail. The message stands
 * whatever happens to the mail.
 */
async function send(member: CurrentMember, tenant: Tenant, recipientId: number, content: MessageContent): Promise<SendOutcome> {
  const outcome = await sendMessage(db(), { senderId: member.id, recipientId, tenant, content });
  if (outcome.ok && outcome.newConversation) {
    await sendNewConversationMail(db(), tenant, { recipientId, senderId: member.id, conversationId: outcome.conversationId }).catch((error: unknown) =>
      console.error("new-conversation mail not sent", error),
    );
  }
  return outcome;
}

function reply(outcome: SendOutcome): ChatActionReply {
  return outcome.ok ? { ok: true, conversationId: outcome.conversationId, creditsLeft: outcome.creditsLeft } : { ok: false, reason: outcome.reason };
}

/** The minimum price of a message for the visitor's country, where the brand states one (docs/product/chat.md#credits). */
function minimumMessageCost(tenant: Tenant, context: AppLoadContext): { costs: number; currency: string } | null {
  const country = context.country ?? tenant.countries[0];
  return (country && tenant.settings.minimum_message_costs[country]) || null;
}

/** A path id from the URL, or null when it is none. */
export function parseIdParam(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A path id from the URL, or a 404. */
export function idParam(value: string | undefined): number {
  const id = parseIdParam(value);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/** What the composer needs to know: limits, prices, the member's free messages, the brand's gifts. */
export function composerSettings(tenant: Tenant, member: CurrentMember, context: AppLoadContext) {
  const minimum = minimumMessageCost(tenant, context);
  return {
    messageLength: tenant.settings.message_length,
    messageCredits: tenant.settings.message_credits,
    photoCredits: tenant.settings.photo_credits,
    giftCredits: tenant.settings.gift_credits,
    gifts: tenant.settings.gifts,
    freeMessages: member.freeMessages,
    minimum: minimum ? formatMoney(minimum.costs, minimum.currency, context.language) : null,
  };
}

/** The chat's calendar for this request: the brand's time zone, the member's language, today and yesterday. */
export function chatClock(tenant: Tenant, context: AppLoadContext, now = new Date()): ChatClock {
  return {
    timeZone: tenant.timezone,
    locale: context.language,
    today: dayOf(now, tenant.timezone),
    yesterday: dayBefore(dayOf(now, tenant.timezone)),
  };
}
