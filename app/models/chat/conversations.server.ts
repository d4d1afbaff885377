import { and, desc, eq, gt, gte, isNull, lt, notInArray, or, sql, sum, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../../../db/client.server";
import { preparedPerDatabase, prepareTimed } from "../../../db/prepared.server";
import { conversationMembers, conversations, members, messages, photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { MessageKind } from "./chat-rules";
import { notBlockedBetween } from "~/models/safety/not-blocked.server";
import { publishEvent, publishEvents } from "~/models/notifications/member-events.server";
import { approvedMainPhoto, cardColumns, type Cursor, type MemberCard, toMemberCard } from "~/models/members/member-cards.server";
import { signedMediaUrl } from "~/services/storage/signed-media.server";

/** Accounts whose conversations no longer show. */
const HIDDEN_STATUSES = ["deletion_requested", "deleted"] as const;

/** The conversation row as the member sees it in their list. */
export interface ConversationSummary {
  id: number;
  other: MemberCard;
  unread: number;
  lastMessageAt: Date;
  last: { kind: MessageKind; mine: boolean; body: string | null } | null;
}

/**
 * The member's side of their conversations that still show: not cleared since the last message,
 * the other account standing, no block either way (a block removes the conversation; this also
 * covers a first message racing the block).
 */
function listed(db: Executor, memberId: number | Placeholder, pool: string | Placeholder) {
  return and(
    eq(conversationMembers.memberId, memberId),
    sql`${conversationMembers.lastMessageAt} is not null`,
    or(isNull(conversationMembers.clearedAt), gt(conversationMembers.lastMessageAt, conversationMembers.clearedAt)),
    eq(profiles.pool, pool),
    notInArray(members.status, [...HIDDEN_STATUSES]),
    notBlockedBetween(conversationMembers.otherId, memberId, db),
  );
}

/** The member's conversations, newest message first, one keyset page at a time (docs/product/chat.md#conversations). */
export async function conversationList(
  db: Database,
  storage: Storage,
  input: { memberId: number; pool: string; historyDays: number; after?: Cursor | null; limit: number; now?: Date },
): Promise<{ items: ConversationSummary[]; next: Cursor | null }> {
  const values = { memberId: input.memberId, pool: input.pool, limit: input.limit + 1 };
  const pages = listPages(db);
  const rows = input.after ? await pages.after.execute({ ...values, afterAt: input.after.at, afterId: input.after.id }) : await pages.first.execute(values);
  const now = input.now ?? new Date();
  // A last message beyond the history limit is not previewed either (it is hidden in the conversation).
  const historyStart = now.getTime() - input.historyDays * 86_400_000;
  const page = rows.slice(0, input.limit);
  const tail = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.conversationId,
      other: toMemberCard(row, storage, now),
      unread: row.unread,
      lastMessageAt: row.lastMessageAt!,
      last: row.lastKind && row.lastMessageAt!.getTime() >= historyStart ? { kind: row.lastKind, mine: row.lastSender === input.memberId, body: row.lastBody } : null,
    })),
    next: rows.length > input.limit && tail ? { at: tail.at, id: tail.conversationId } : null,
  };
}

/** The list's first page (every /chats and conversation page) and the pages after a cursor. */
const listPages = preparedPerDatabase((db: Database) => {
  const last = alias(messages, "last");
  const page = (after: SQL | undefined, name: string) =>
    prepareTimed(
      db
        .select({
          ...cardColumns,
          conversationId: conversationMembers.conversationId,
          unread: conversationMembers.unread,
          lastMessageAt: conversationMembers.lastMessageAt,
          at: sql<string>`${conversationMembers.lastMessageAt}::text`,
          lastKind: last.kind,
          lastBody: last.body,
          lastSender: last.senderId,
        })
        .from(conversationMembers)
        .innerJoin(members, eq(members.id, conversationMembers.otherId))
        .innerJoin(profiles, eq(profiles.memberId, conversationMembers.otherId))
        .leftJoin(photos, approvedMainPhoto)
        .leftJoin(last, eq(last.id, conversationMembers.lastMessageId))
        .where(and(listed(db, sql.placeholder("memberId"), sql.placeholder("pool")), after))
        .orderBy(desc(conversationMembers.lastMessageAt), desc(conversationMembers.conversationId))
        .limit(sql.placeholder("limit")),
      name,
    );
  const afterAt = sql`${sql.placeholder("afterAt")}::timestamptz`;
  return {
    first: page(undefined, "conversations_first"),
    after: page(or(lt(conversationMembers.lastMessageAt, afterAt), and(eq(conversationMembers.lastMessageAt, afterAt), lt(conversationMembers.conversationId, sql.placeholder("afterId")))), "conversations_after"),
  };
});

/** Unread messages over all of a member's conversations, for the badge and the title. */
export async function unreadTotal(db: Executor, memberId: number, pool: string): Promise<number> {
  const [row] = await db
    .select({ n: sum(conversationMembers.unread).mapWith(Number) })
    .from(conversationMembers)
    .innerJoin(members, eq(members.id, conversationMembers.otherId))
    .innerJoin(profiles, eq(profiles.memberId, conversationMembers.otherId))
    .where(and(gt(conversationMembers.unread, 0), listed(db, memberId, pool)));
  return row?.n ?? 0;
}

/** One conversation of the member's, with the other member's id: null when it is not theirs or no longer shows. */
export async function memberConversation(db: Database, memberId: number, conversationId: number) {
  const [row] = await conversationSides(db).execute({ memberId, conversationId });
  return row ?? null;
}

/** Every conversation page, typing signal and message sent starts with this. */
const conversationSides = preparedPerDatabase((db: Database) => {
  const otherSide = alias(conversationMembers, "other_side");
  return prepareTimed(
    db
      .select({
        id: conversationMembers.conversationId,
        otherId: conversationMembers.otherId,
        clearedAt: conversationMembers.clearedAt,
        unread: conversationMembers.unread,
        /** How far the other member has read this member's messages. */
        otherReadUpTo: otherSide.readUpTo,
        /** How far this member has read, and the other's newest message: whether opening it reads anything. */
        readUpTo: conversationMembers.readUpTo,
        newestFromOther: sql<number | null>`(select max(m.id) from messages m where m.conversation_id = conversation_members.conversation_id and m.sender_id = conversation_members.other_id)`,
      })
      .from(conversationMembers)
      .innerJoin(otherSide, and(eq(otherSide.conversationId, conversationMembers.conversationId), eq(otherSide.memberId, conversationMembers.otherId)))
      .where(and(eq(conversationMembers.memberId, sql.placeholder("memberId")), eq(conversationMembers.conversationId, sql.placeholder("conversationId")))),
    "conversation_side",
  );
});

/** The conversation between two members, if there is one (for /members/{id}/chat). */
export async function conversationWith(db: Executor, memberId: number, otherId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.memberId, memberId), eq(conversationMembers.otherId, otherId)));
  return row?.id ?? null;
}

type ReadState = Pick<NonNullable<Awaited<ReturnType<typeof memberConversation>>>, "unread" | "readUpTo" | "newestFromOther">;

/** Whether opening the conversation now reads anything: unread messages, or a newer one from the other. */
function readsSomething(state: ReadState): boolean {
  return state.unread > 0 || Number(state.newestFromOther ?? 0) > state.readUpTo;
}

/** The conversation the member opened last, and when (docs/product/chat.md#conversations). */
export async function rememberOpenedConversation(db: Database, memberId: number, conversationId: number): Promise<void> {
  await db.update(members).set({ lastChatId: conversationId, lastChatAt: new Date() }).where(eq(members.id, memberId));
}

/**
 * Opening a conversation reads it (docs/product/chat.md#read-and-typing): its unread count goes to zero and the other
 * member's open pages learn how far this member has read (the read receipt). Nothing is written
 * when nothing new was read.
 */
export async function markConversationRead(db: Database, memberId: number, conversationId: number, known?: ReadState | null): Promise<void> {
  // Most openings read nothing new: one look, without a transaction, settles that (the caller may
  // have looked already, with memberConversation).
  known ??= (await memberConversation(db, memberId, conversationId)) ?? null;
  if (!known || !readsSomething(known)) return;
  await db.transaction(async (tx) => {
    const [side] = await tx
      .select({ otherId: conversationMembers.otherId, unread: conversationMembers.unread, readUpTo: conversationMembers.readUpTo })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.memberId, memberId), eq(conversationMembers.conversationId, conversationId)))
      .for("update");
    if (!side) return;
    const [newest] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, side.otherId)))
      .orderBy(desc(messages.id))
      .limit(1);
    const upTo = newest?.id ?? 0;
    if (side.unread === 0 && upTo <= side.readUpTo) return;
    await tx
      .update(conversationMembers)
      .set({ unread: 0, readUpTo: sql`greatest(${conversationMembers.readUpTo}, ${upTo})` })
      .where(and(eq(conversationMembers.memberId, memberId), eq(conversationMembers.conversationId, conversationId)));
    if (upTo > side.readUpTo) await publishEvent(tx, side.otherId, "read", { conversation: conversationId, upTo });
    if (side.unread > 0) await publishEvent(tx, memberId, "chats", { conversation: conversationId });
  });
}

/**
 * Deletes a conversation for this member (docs/product/chat.md#deleting-a-conversation): it leaves their list and its
 * messages so far are gone for them; the other member keeps theirs. A new message brings it back
 * with only what came after. Returns false when it is not the member's conversation.
 */
export async function deleteConversation(db: Database, memberId: number, conversationId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const cleared = await tx
      .update(conversationMembers)
      .set({ clearedAt: sql`now()`, unread: 0 })
      .where(and(eq(conversationMembers.memberId, memberId), eq(conversationMembers.conversationId, conversationId)))
      .returning({ id: conversationMembers.conversationId });
    if (cleared.length === 0) return false;
    await publishEvent(tx, memberId, "chats", { conversation: conversationId });
    return true;
  });
}

/**
 * Blocking removes the conversation between the two altogether (docs/product/safety.md#blocks); both lists
 * change. Returns the storage keys of its photos, for the caller to remove once committed.
 */
export async function removeConversationBetween(db: Executor, a: number, b: number): Promise<string[]> {
  const pair = a < b ? { low: a, high: b } : { low: b, high: a };
  return removeConversations(db, and(eq(conversations.memberLow, pair.low), eq(conversations.memberHigh, pair.high))!, [a, b]);
}

/** Every conversation of a member (a purged account); returns the storage keys of their photos. */
export async function removeConversationsOf(db: Executor, memberId: number): Promise<string[]> {
  return removeConversations(db, or(eq(conversations.memberLow, memberId), eq(conversations.memberHigh, memberId))!, []);
}

async function removeConversations(db: Executor, which: SQL, tell: number[]): Promise<string[]> {
  const files = await db
    .select({ main: messages.photoKey, thumb: messages.photoThumbKey })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(which, eq(messages.kind, "photo")));
  const removed = await db.delete(conversations).where(which).returning({ id: conversations.id });
  if (removed.length > 0 && tell.length > 0) {
    await publishEvents(db, tell.map((memberId) => ({ memberId, kind: "chats" as const, data: { conversation: removed[0]!.id } })));
  }
  // Only the conversation's own uploads go: a photo an operator sent from a fictional profile's
  // gallery is that profile's file (docs/product/staff.md#the-conversation-view).
  return files.flatMap((file) => [file.main, file.thumb]).filter((key): key is string => key !== null && key.startsWith("chat/"));
}

export interface ChatMessage {
  id: number;
  senderId: number;
  kind: MessageKind;
  body: string | null;
  photoUrl: string | null;
  photoThumbUrl: string | null;
  giftId: string | null;
  createdAt: Date;
}

/**
 * A conversation's messages as one member sees them, newest page first (older history is loaded
 * on scroll with `before`). Messages before the member cleared the conversation never show, nor
 * any older than the brand's history limit: `olderHidden` then says that some exist (the privacy
 * notice, docs/product/chat.md#history-limit).
 */
export async function conversationMessages(
  db: Database,
  storage: Storage,
  input: { conversationId: number; clearedAt: Date | null; historyDays: number; before?: number | null; limit: number; now?: Date },
): Promise<{ messages: ChatMessage[]; hasOlder: boolean; olderHidden: boolean }> {
  const now = input.now ?? new Date();
  const limitStart = new Date(now.getTime() - input.historyDays * 86_400_000);
  const pages = messagePages(db)[input.clearedAt ? "cleared" : "whole"];
  // A placeholder's value goes to the driver as it is (no column maps it): times as ISO text.
  const values = { conversationId: input.conversationId, limitStart: limitStart.toISOString(), limit: input.limit + 1, clearedAt: input.clearedAt?.toISOString(), before: input.before ?? undefined };
  const rows = await pages[input.before ? "before" : "newest"].execute(values);
  const hasOlder = rows.length > input.limit;
  let olderHidden = !hasOlder && rows[0]?.olderHidden === true;
  if (!hasOlder && rows.length === 0) {
    const [beyond] = await pages.beyond.execute(values);
    olderHidden = beyond !== undefined;
  }
  return {
    messages: rows
      .slice(0, input.limit)
      .reverse()
      .map((row) => ({
        id: row.id,
        senderId: row.senderId,
        kind: row.kind,
        body: row.body,
        // Chat photos are for the two of them: short-lived signed links, never public ones (review L-3).
        photoUrl: row.photoKey ? signedMediaUrl(row.photoKey) : null,
        photoThumbUrl: row.photoThumbKey ? signedMediaUrl(row.photoThumbKey) : null,
        giftId: row.giftId,
        createdAt: row.createdAt,
      })),
    hasOlder,
    olderHidden,
  };
}

/**
 * A conversation's pages of messages (every conversation page asks for the newest), for a member
 * who cleared it or not: the newest page, an older one, and whether anything lies beyond the
 * history limit.
 */
const messagePages = preparedPerDatabase((db: Database) => {
  const shapes = (cleared: boolean) => {
    const limitStart = sql.placeholder("limitStart");
    // The conversation's messages this member still has: none from before they cleared it.
    const ofThisMember = and(eq(messages.conversationId, sql.placeholder("conversationId")), cleared ? gt(messages.createdAt, sql.placeholder("clearedAt")) : undefined);
    const page = (before: boolean) =>
      prepareTimed(
        db
          .select({
            id: messages.id,
            senderId: messages.senderId,
            kind: messages.kind,
            body: messages.body,
            photoKey: messages.photoKey,
            photoThumbKey: messages.photoThumbKey,
            giftId: messages.giftId,
            createdAt: messages.createdAt,
            // Messages past the history limit (evaluated once for the query): asked with the page, not after it.
            olderHidden: sql<boolean>`exists (select 1 from ${messages} where ${and(ofThisMember, lt(messages.createdAt, limitStart))})`,
          })
          .from(messages)
          .where(and(ofThisMember, gte(messages.createdAt, limitStart), before ? lt(messages.id, sql.placeholder("before")) : undefined))
          .orderBy(desc(messages.id))
          .limit(sql.placeholder("limit")),
        `messages_${cleared ? "cleared" : "whole"}_${before ? "before" : "newest"}`,
      );
    const beyond = prepareTimed(
      db
        .select({ id: messages.id })
        .from(messages)
        .where(and(ofThisMember, lt(messages.createdAt, limitStart)))
        .limit(1),
      `messages_${cleared ? "cleared" : "whole"}_beyond`,
    );
    return { newest: page(false), before: page(true), beyond };
  };
  return { whole: shapes(false), cleared: shapes(true) };
});
