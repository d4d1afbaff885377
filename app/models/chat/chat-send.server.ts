import { and, eq, inArray, sql } from "drizzle-orm";
import { resultRows, type Database, type Transaction } from "../../../db/client.server";
import { conversationMembers, conversations, creditLedger, members, messageFlags, messages, profiles } from "../../../db/schema";
import type { Tenant } from "~/tenancy/schema";
import { FREE_CONVERSATIONS, messageCost, type SendRefusal } from "./chat-rules";
import type { GiftId } from "~/domain/gifts";
import { notBlockedBetween } from "~/models/safety/not-blocked.server";
import { publishEvent, publishEvents } from "~/models/notifications/member-events.server";
import { queuePush } from "~/models/notifications/push-delivery.server";
import { asksIfReal } from "~/models/staff/honesty-questions";
import { careLimitReached, noteCareSignals } from "~/models/safety/member-care.server";
import { messagesSent } from "~/services/metrics/business.server";

export type MessageContent =
  | { kind: "text"; body: string }
  | { kind: "photo"; photoKey: string; photoThumbKey: string }
  | { kind: "gift"; giftId: GiftId };

export type SendOutcome =
  | { ok: true; conversationId: number; messageId: number; charged: number; creditsLeft: number; newConversation: boolean }
  | { ok: false; reason: SendRefusal };

class Refused extends Error {
  constructor(readonly reason: SendRefusal) {
    super(reason);
  }
}

/** Accounts that can no longer take part in a conversation. */
const GONE = ["disabled", "deletion_requested", "deleted"] as const;

/**
 * Every rule about who may send what to whom (docs/product/chat.md#who-can-be-reached), read
 * without writing anything: the sender and recipient stand, neither blocked the other, a new
 * conversation only with someone listed and within a free member's limit, no credit debt, and
 * (for a paid message) the credits. `lock` takes the sender's row, as a send must; a check alone
 * does not need it.
 */
async function checkSend(tx: Transaction, input: { senderId: number; recipientId: number; tenant: Tenant; kind: MessageContent["kind"] }, lock: boolean) {
  const senderQuery = tx
    .select({
      id: members.id,
      status: members.status,
      paidUser: members.paidUser,
      freeMessages: members.freeMessages,
      credits: members.credits,
      creditDebt: members.creditDebt,
      conversationsStarted: members.conversationsStarted,
    })
    .from(members)
    .where(eq(members.id, input.senderId));
  const [sender] = lock ? await senderQuery.for("no key update") : await senderQuery;
  if (!sender || (GONE as readonly string[]).includes(sender.status)) throw new Refused("unavailable");
  // An unconfirmed account spends nothing on messages, its free ones included, until its address is
  // confirmed (docs/product/chat.md#who-can-be-reached, review M-6): a script's throwaway addresses write to nobody.
  if (sender.status === "not_confirmed") throw new Refused("senderUnconfirmed");

  const pair = ordered(input.senderId, input.recipientId);
  // The recipient, the rules about them and the pair's conversation, in one round trip.
  const [recipient] = await tx
    .select({ status: members.status, listed: profiles.listed, fictional: members.isFictional, conversationId: conversations.id })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .leftJoin(conversations, and(eq(conversations.memberLow, pair.low), eq(conversations.memberHigh, pair.high)))
    .where(and(eq(members.id, input.recipientId), eq(profiles.pool, input.tenant.pool), notBlockedBetween(input.senderId, input.recipientId, tx)));
  if (!recipient || (GONE as readonly string[]).includes(recipient.status)) throw new Refused("unavailable");
  const existingConversation = recipient.conversationId === null ? null : { id: recipient.conversationId };
  // A new conversation only with someone one may see; an existing one goes on while both accounts stand.
  if (!existingConversation && !recipient.listed) throw new Refused("unavailable");
  // docs/product/chat.md#who-can-be-reached: an unconfirmed member cannot be reached until they confirm.
  if (recipient.status === "not_confirmed") throw new Refused("recipientUnconfirmed");
  if (!existingConversation && !sender.paidUser && sender.conversationsStarted >= FREE_CONVERSATIONS) throw new Refused("conversationLimit");

  const free = input.kind === "text" && sender.freeMessages > 0;
  const cost = free ? 0 : messageCost(input.kind, input.tenant.settings);
  // Credits taken back by a refund or chargeback and not there any more are owed first
  // (docs/product/payments.md#reversals).
  if (cost > 0 && sender.creditDebt > 0) throw new Refused("creditDebt");
  if (sender.credits < cost) throw new Refused("insufficientCredits");
  return { sender, free, cost, existingConversation, recipientFictional: recipient.fictional };
}

/**
 * Why a message of this kind could not be sent now, or null: the checks of a send, before work
 * that costs (decoding and storing a photo), so a refused photo is never processed (review M-5).
 */
export async function sendRefusal(db: Database, input: { senderId: number; recipientId: number; tenant: Tenant; kind: MessageContent["kind"] }): Promise<SendRefusal | null> {
  if (input.senderId === input.recipientId) return "unavailable";
  try {
    await db.transaction((tx) => checkSend(tx, input, false));
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.reason;
    throw error;
  }
}

/**
 * Sends a message from a member to another member of the brand's pool, in one transaction: the
 * conversation (created with the first message), the message, both members' list entries, the
 * charge and its ledger row, and the events for both members' open pages. Either all of it
 * happens or none: a refused or failed send charges nothing.
 *
 * The sender's row is locked first, so a member's sends happen one after another: the balance
 * check, the free-message count and the free members' conversation limit cannot be raced.
 */
export async function sendMessage(
  db: Database,
  input: { senderId: number; recipientId: number; tenant: Tenant; content: MessageContent },
): Promise<SendOutcome> {
  const { tenant, content } = input;
  const invalid = contentProblem(content, tenant);
  if (invalid) return { ok: false, reason: invalid };
  if (input.senderId === input.recipientId) return { ok: false, reason: "unavailable" };
  try {
    const outcome = await db.transaction(async (tx) => {
      const { sender, free, cost, existingConversation, recipientFictional } = await checkSend(tx, { ...input, kind: content.kind }, true);
      // The brand's limits that protect members (docs/product/staff.md#vulnerable-members): a
      // reached limit is recorded (this transaction commits it) and the message is not sent.
      const care = cost > 0 || recipientFictional ? await careLimitReached(tx, { memberId: sender.id, tenant, cost, toFictional: recipientFictional }) : null;
      if (care?.reached) return { ok: false as const, reason: "careLimit" as const };
      const pair = ordered(input.senderId, input.recipientId);
      const newConversation = !existingConversation;
      const conversation = existingConversation ?? (await startConversation(tx, pair, sender.id));
      const [message] = await tx
        .insert(messages)
        .values({
          conversationId: conversation.id,
          senderId: sender.id,
          kind: content.kind,
          body: content.kind === "text" ? content.body.trim() : null,
          photoKey: content.kind === "photo" ? content.photoKey : null,
          photoThumbKey: content.kind === "photo" ? content.photoThumbKey : null,
          giftId: content.kind === "gift" ? content.giftId : null,
          credits: cost,
        })
        .returning({ id: messages.id, createdAt: messages.createdAt });
      let creditsLeft = sender.credits;
      if (free) {
        await tx.update(members).set({ freeMessages: sql`${members.freeMessages} - 1` }).where(eq(members.id, sender.id));
      } else if (cost > 0) {
        const left = await charge(tx, sender.id, cost, `message:${content.kind}`, String(message!.id));
        if (left === null) throw new Refused("insufficientCredits");
        creditsLeft = left;
      }
      await noteMessage(tx, conversation.id, sender.id, input.recipientId, message!);
      // A member asking a fictional profile whether it is real is pointed out to the operators,
      // who must give the honest answer (docs/product/staff.md#honest-answers).
      if (recipientFictional && content.kind === "text" && asksIfReal(content.body)) {
        await tx.insert(messageFlags).values({ messageId: message!.id, conversationId: conversation.id, kind: "asks_real" });
      }

      if (care) {
        const paid = care.spent ? { cost, spentBefore: care.spent } : null;
        await noteCareSignals(tx, { memberId: sender.id, tenant, text: content.kind === "text" ? content.body : null, toFictional: recipientFictional, paid });
      }

      const event = { conversation: conversation.id, message: message!.id };
      await publishEvents(tx, [
        { memberId: input.recipientId, kind: "message", data: event },
        { memberId: sender.id, kind: "message", data: event },
        ...(cost > 0 ? [{ memberId: sender.id, kind: "credits" as const, data: { credits: creditsLeft } }] : []),
      ]);
      await queuePush(tx, input.recipientId, { kind: "message", conversationId: conversation.id, senderId: sender.id, newConversation });
      return { ok: true, conversationId: conversation.id, messageId: message!.id, charged: cost, creditsLeft, newConversation } as const;
    });
    if (outcome.ok) messagesSent.inc({ brand: tenant.id });
    return outcome;
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}

/**
 * Takes credits and writes the ledger row in one statement; the balance only goes down when it
 * covers the cost (the guard), and a balance that does not is answered with null.
 */
async function charge(tx: Transaction, memberId: number, cost: number, reason: string, reference: string): Promise<number | null> {
  const rows = resultRows<{ balance: number }>(
    await tx.execute(sql`
      with spent as (
        update ${members} set credits = credits - ${cost}
        where id = ${memberId} and credits >= ${cost} and credit_debt = 0
        returning credits
      )
      insert into ${creditLedger} (member_id, delta, balance_after, reason, reference)
      select ${memberId}, ${-cost}, credits, ${reason}, ${reference} from spent
      returning balance_after as balance`),
  );
  return rows[0] ? Number(rows[0].balance) : null;
}

function contentProblem(content: MessageContent, tenant: Tenant): SendRefusal | null {
  if (content.kind === "text") {
    const body = content.body.trim();
    if (body.length === 0) return "empty";
    if (body.length > tenant.settings.message_length) return "tooLong";
  }
  if (content.kind === "gift" && !tenant.settings.gifts.includes(content.giftId)) return "giftUnavailable";
  return null;
}

function ordered(a: number, b: number) {
  return a < b ? { low: a, high: b } : { low: b, high: a };
}

/**
 * The pair's conversation; when both start one at the same moment, the first one stands for both
 * and only its starter has started one.
 */
async function startConversation(tx: Transaction, pair: { low: number; high: number }, startedBy: number): Promise<{ id: number }> {
  const created = await tx.insert(conversations).values({ memberLow: pair.low, memberHigh: pair.high, startedBy }).onConflictDoNothing().returning({ id: conversations.id });
  if (created.length > 0) {
    await tx.update(members).set({ conversationsStarted: sql`${members.conversationsStarted} + 1` }).where(eq(members.id, startedBy));
  }
  const [row] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLow, pair.low), eq(conversations.memberHigh, pair.high)));
  await tx
    .insert(conversationMembers)
    .values([
      { conversationId: row!.id, memberId: pair.low, otherId: pair.high },
      { conversationId: row!.id, memberId: pair.high, otherId: pair.low },
    ])
    .onConflictDoNothing();
  return row!;
}

/** Both list entries move to the top; the recipient has one more unread message. */
async function noteMessage(tx: Transaction, conversationId: number, senderId: number, recipientId: number, message: { id: number; createdAt: Date }) {
  await tx
    .update(conversationMembers)
    .set({
      // Two sends at once may commit in either order: the list keeps the newest message.
      lastMessageId: sql`greatest(coalesce(${conversationMembers.lastMessageId}, 0), ${message.id})`,
      lastMessageAt: sql`case when coalesce(${conversationMembers.lastMessageId}, 0) < ${message.id} then ${message.createdAt.toISOString()}::timestamptz else ${conversationMembers.lastMessageAt} end`,
      unread: sql`case when ${conversationMembers.memberId} = ${recipientId} then ${conversationMembers.unread} + 1 else ${conversationMembers.unread} end`,
    })
    .where(and(eq(conversationMembers.conversationId, conversationId), inArray(conversationMembers.memberId, [senderId, recipientId])));
}

/**
 * A message from a fictional profile, written by an operator (docs/product/staff.md#the-conversation-view),
 * inside the operator's transaction: stored like any message, charged nothing, announced to the
 * member live and by push. Starts the conversation when there is none (an operator's first message).
 * Null when the profile is not fictional, the member is gone or either blocked the other.
 */
export async function sendAsProfile(
  tx: Transaction,
  input: { profileId: number; memberId: number; content: MessageContent },
): Promise<{ conversationId: number; messageId: number; createdAt: Date; newConversation: boolean } | null> {
  const pair = ordered(input.profileId, input.memberId);
  const [reachable] = await tx
    .select({ id: members.id, conversationId: conversations.id })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, input.profileId))
    .leftJoin(conversations, and(eq(conversations.memberLow, pair.low), eq(conversations.memberHigh, pair.high)))
    .where(
      and(
        eq(members.id, input.memberId),
        inArray(members.status, ["active", "not_confirmed"]),
        sql`exists (select 1 from ${members} f where f.id = ${input.profileId} and f.is_fictional)`,
        notBlockedBetween(input.profileId, input.memberId, tx),
      ),
    );
  if (!reachable) return null;
  const { content } = input;
  const conversation = reachable.conversationId !== null ? { id: reachable.conversationId } : await startConversation(tx, pair, input.profileId);
  const [message] = await tx
    .insert(messages)
    .values({
      conversationId: conversation.id,
      senderId: input.profileId,
      kind: content.kind,
      body: content.kind === "text" ? content.body.trim() : null,
      photoKey: content.kind === "photo" ? content.photoKey : null,
      photoThumbKey: content.kind === "photo" ? content.photoThumbKey : null,
      giftId: content.kind === "gift" ? content.giftId : null,
    })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  await noteMessage(tx, conversation.id, input.profileId, input.memberId, message!);
  const newConversation = reachable.conversationId === null;
  await publishEvent(tx, input.memberId, "message", { conversation: conversation.id, message: message!.id });
  await queuePush(tx, input.memberId, { kind: "message", conversationId: conversation.id, senderId: input.profileId, newConversation });
  return { conversationId: conversation.id, messageId: message!.id, createdAt: message!.createdAt, newConversation };
}
