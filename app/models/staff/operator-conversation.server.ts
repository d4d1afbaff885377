import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { resultRows, type Database, type Executor, type Transaction } from "../../../db/client.server";
import { conversationClaims, conversationMembers, memberCare, messageFlags, messages, operatorReplies, photos } from "../../../db/schema";
import type { GiftId } from "~/domain/gifts";
import { sendAsProfile, type MessageContent } from "~/models/chat/chat-send.server";
import { publishEvent } from "~/models/notifications/member-events.server";
import { contactDetailIn, type ContactKind } from "./contact-details";
import { recordStaffAction } from "./staff-audit.server";
import { answersIn, servesBrand, type StaffMember } from "./staff-roles";
import { operatorMessagesSent } from "~/services/metrics/business.server";

/*
 * One conversation in the operator's hands (docs/product/staff.md#the-conversation-view): the
 * claim that keeps other operators out, and the reply as the fictional profile, with the rules
 * that protect members built in.
 */

/** How long a claim holds without renewal; the page renews it while the operator types. */
export const CLAIM_MINUTES = 5;

export interface OperatorConversation {
  conversationId: number;
  profileId: number;
  memberId: number;
  siteId: string;
  language: string;
}

/**
 * The conversation as this operator may handle it: between a fictional profile and a member of one
 * of their brands who writes in one of their languages. Null otherwise (a 404 for the page).
 */
export async function operatorConversation(db: Executor, staff: Pick<StaffMember, "brands" | "languages">, conversationId: number, languages: Record<string, string>): Promise<OperatorConversation | null> {
  const rows = await db.execute(sql`
    select c.id, p.id as profile_id, m.id as member_id, m.site_id, coalesce(m.language, ${JSON.stringify(languages)}::jsonb ->> m.site_id, 'nl') as language
    from conversations c
    join members p on p.id in (c.member_low, c.member_high) and p.is_fictional
    join members m on m.id in (c.member_low, c.member_high) and m.id <> p.id and not m.is_fictional
    where c.id = ${conversationId}`);
  const [row] = resultRows<{ id: number | string; profile_id: number | string; member_id: number | string; site_id: string; language: string }>(rows);
  if (!row || !servesBrand(staff, row.site_id) || !answersIn(staff, row.language)) return null;
  return { conversationId: Number(row.id), profileId: Number(row.profile_id), memberId: Number(row.member_id), siteId: row.site_id, language: row.language };
}

export type ClaimOutcome = { ok: true; expiresAt: Date } | { ok: false; heldBy: number };

/**
 * Claims (or renews the claim on) a conversation for one operator. One statement decides: the row
 * is taken when nobody holds it, the hold has run out, or it is this operator's own, so two
 * operators claiming at once can never both hold it.
 */
export async function claimConversation(db: Executor, staffId: number, conversationId: number): Promise<ClaimOutcome> {
  const expiresAt = new Date(Date.now() + CLAIM_MINUTES * 60_000);
  const [taken] = await db
    .insert(conversationClaims)
    .values({ conversationId, staffId, expiresAt })
    .onConflictDoUpdate({
      target: conversationClaims.conversationId,
      set: { staffId, expiresAt },
      setWhere: sql`${conversationClaims.expiresAt} < now() or ${conversationClaims.staffId} = ${staffId}`,
    })
    .returning({ staffId: conversationClaims.staffId });
  if (taken) return { ok: true, expiresAt };
  const [holder] = await db.select({ staffId: conversationClaims.staffId }).from(conversationClaims).where(eq(conversationClaims.conversationId, conversationId));
  return { ok: false, heldBy: holder?.staffId ?? 0 };
}

/** Lets go of a claim (the operator left the conversation). */
export async function releaseClaim(db: Executor, staffId: number, conversationId: number): Promise<boolean> {
  const released = await db
    .delete(conversationClaims)
    .where(and(eq(conversationClaims.conversationId, conversationId), eq(conversationClaims.staffId, staffId)))
    .returning({ id: conversationClaims.conversationId });
  return released.length > 0;
}

export type OperatorContent = { kind: "text"; body: string } | { kind: "photo"; photoId: number } | { kind: "gift"; giftId: GiftId };

/** What an operator sends: an ordinary reply, the brand's honest answer, or the care warning. */
export type ReplyPurpose = "reply" | "honest_answer" | "care_warning";

export type ReplyRefusal =
  | { reason: "notClaimed" }
  | { reason: "contact"; kind: ContactKind }
  | { reason: "honestAnswerFirst" }
  | { reason: "careWarningFirst" }
  | { reason: "empty" }
  | { reason: "tooLong" }
  | { reason: "photo" }
  | { reason: "unavailable" };

export type ReplyOutcome = { ok: true; messageId: number } | ({ ok: false } & ReplyRefusal);

/**
 * Sends a message as the fictional profile, in one transaction with the claim check, the audit
 * entry and the figures: only the operator holding the claim can send; contact details are
 * refused; an open "are you real?" question must first get the honest answer, and a member marked
 * vulnerable first the care warning. The member's waiting messages count as answered.
 */
export async function replyAsProfile(
  db: Database,
  input: { staff: StaffMember; conversation: OperatorConversation; content: OperatorContent; purpose: ReplyPurpose; maxLength: number; ip: string | null },
): Promise<ReplyOutcome> {
  const { staff, conversation, content, purpose } = input;
  if (content.kind === "text") {
    const body = content.body.trim();
    if (body.length === 0) return { ok: false, reason: "empty" };
    if (body.length > input.maxLength) return { ok: false, reason: "tooLong" };
    const contact = purpose === "reply" ? contactDetailIn(body) : null;
    if (contact) {
      await recordStaffAction(db, { staffId: staff.id, action: "reply_refused", siteId: conversation.siteId, memberId: conversation.memberId, conversationId: conversation.conversationId, details: { contact }, ip: input.ip });
      return { ok: false, reason: "contact", kind: contact };
    }
  }
  const outcome = await db.transaction(async (tx) => {
    const [claim] = await tx
      .select({ staffId: conversationClaims.staffId })
      .from(conversationClaims)
      .where(and(eq(conversationClaims.conversationId, conversation.conversationId), eq(conversationClaims.staffId, staff.id), gt(conversationClaims.expiresAt, sql`now()`)))
      .for("update");
    if (!claim) return { ok: false as const, reason: "notClaimed" as const };
    const state = await protectionState(tx, conversation);
    if (purpose === "reply" && state.openFlags > 0) return { ok: false as const, reason: "honestAnswerFirst" as const };
    if (purpose === "reply" && state.needsCareWarning) return { ok: false as const, reason: "careWarningFirst" as const };
    const message = await messageContent(tx, conversation.profileId, content);
    if (!message) return { ok: false as const, reason: "photo" as const };
    const waitingSince = await oldestWaiting(tx, conversation);
    const sent = await sendAsProfile(tx, { profileId: conversation.profileId, memberId: conversation.memberId, content: message });
    if (!sent) return { ok: false as const, reason: "unavailable" as const };
    await markAnswered(tx, conversation);
    await tx.insert(operatorReplies).values({
      messageId: sent.messageId,
      staffId: staff.id,
      conversationId: conversation.conversationId,
      siteId: conversation.siteId,
      waitedMs: waitingSince ? Math.max(0, sent.createdAt.getTime() - waitingSince.getTime()) : null,
    });
    if (purpose === "honest_answer") {
      await tx.update(messageFlags).set({ handledAt: new Date(), handledBy: staff.id }).where(and(eq(messageFlags.conversationId, conversation.conversationId), isNull(messageFlags.handledAt)));
    }
    if (purpose === "care_warning") {
      await tx.update(memberCare).set({ warningSentAt: new Date(), updatedAt: new Date() }).where(eq(memberCare.memberId, conversation.memberId));
    }
    await recordStaffAction(tx, {
      staffId: staff.id,
      action: purpose === "reply" ? "reply" : purpose,
      siteId: conversation.siteId,
      memberId: conversation.memberId,
      conversationId: conversation.conversationId,
      details: { message: sent.messageId, kind: content.kind },
      ip: input.ip,
    });
    return { ok: true as const, messageId: sent.messageId };
  });
  if (outcome.ok) operatorMessagesSent.inc({ brand: conversation.siteId });
  return outcome;
}

/** What must be sent before any ordinary reply: the honest answer, the care warning. */
export async function protectionState(db: Executor, conversation: Pick<OperatorConversation, "conversationId" | "memberId">) {
  const [flags] = await db
    .select({ open: sql<number>`count(*)` })
    .from(messageFlags)
    .where(and(eq(messageFlags.conversationId, conversation.conversationId), isNull(messageFlags.handledAt)));
  const [care] = await db.select({ vulnerableAt: memberCare.vulnerableAt, warningSentAt: memberCare.warningSentAt, signals: memberCare.signals }).from(memberCare).where(eq(memberCare.memberId, conversation.memberId));
  return {
    openFlags: Number(flags?.open ?? 0),
    vulnerable: Boolean(care?.vulnerableAt),
    signals: care?.signals ?? [],
    needsCareWarning: Boolean(care?.vulnerableAt && !care.warningSentAt),
  };
}

/** A gallery photo must be one of the profile's own approved photos. */
async function messageContent(tx: Transaction, profileId: number, content: OperatorContent): Promise<MessageContent | null> {
  if (content.kind !== "photo") return content;
  const [photo] = await tx
    .select({ key: photos.storageKey, thumb: photos.thumbKey })
    .from(photos)
    .where(and(eq(photos.id, content.photoId), eq(photos.memberId, profileId), eq(photos.status, "active")));
  return photo ? { kind: "photo", photoKey: photo.key, photoThumbKey: photo.thumb } : null;
}

/** When the oldest member message the profile has not answered was sent. */
async function oldestWaiting(tx: Transaction, conversation: OperatorConversation): Promise<Date | null> {
  const [side] = await tx
    .select({ readUpTo: conversationMembers.readUpTo })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversation.conversationId), eq(conversationMembers.memberId, conversation.profileId)));
  const [oldest] = await tx
    .select({ at: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.conversationId), eq(messages.senderId, conversation.memberId), gt(messages.id, side?.readUpTo ?? 0)))
    .orderBy(asc(messages.id))
    .limit(1);
  return oldest?.at ?? null;
}

/** The profile has read everything the member wrote: the conversation leaves the inbox, and the member sees it read. */
async function markAnswered(tx: Transaction, conversation: OperatorConversation): Promise<void> {
  const [newest] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.conversationId), eq(messages.senderId, conversation.memberId)))
    .orderBy(desc(messages.id))
    .limit(1);
  const upTo = newest?.id ?? 0;
  await tx
    .update(conversationMembers)
    .set({ unread: 0, readUpTo: sql`greatest(${conversationMembers.readUpTo}, ${upTo})` })
    .where(and(eq(conversationMembers.conversationId, conversation.conversationId), eq(conversationMembers.memberId, conversation.profileId)));
  if (upTo > 0) await publishEvent(tx, conversation.memberId, "read", { conversation: conversation.conversationId, upTo });
}
