import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLedger, memberEvents, members, messages } from "../../db/schema/index";
import { blockMember, unblockMember } from "../../app/models/safety/blocks.server";
import { sendAsProfile, sendMessage, sendRefusal, type MessageContent } from "../../app/models/chat/chat-send.server";
import {
  conversationList,
  conversationMessages,
  deleteConversation,
  markConversationRead,
  memberConversation,
  unreadTotal,
} from "../../app/models/chat/conversations.server";
import { LocalDiskStorage } from "../../app/services/storage/local-disk.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember, type MemberOverrides } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

/** Storage that records what is removed. */
class RemovalSpy extends LocalDiskStorage {
  readonly removed: string[] = [];
  override async remove(key: string): Promise<void> {
    this.removed.push(key);
  }
}

const handle = testDatabasePerFile();
const storage = new LocalDiskStorage("/tmp/unused-chat-storage", "/tmp/unused-chat-storage/public-media");
const base = tenantFixture({ id: "alpha", pool: "shared" });
const tenant = tenantSchema.parse({
  ...base,
  settings: { ...base.settings, message_credits: 10, photo_credits: 15, gift_credits: 25, free_messages: 3, message_length: 200, gifts: ["rose", "heart"], chat_history_days: 30 },
});

/** A member of brand alpha, in pool "shared" unless told otherwise. */
const person = async (p: MemberOverrides) => (await createMember(handle.db, { tenant, ...p })).id;

const text = (body: string): MessageContent => ({ kind: "text", body });
const send = (senderId: number, recipientId: number, content: MessageContent = text("Hoi!")) => sendMessage(handle.db, { senderId, recipientId, tenant, content });
const balance = async (id: number) => (await handle.db.select({ credits: members.credits, free: members.freeMessages }).from(members).where(eq(members.id, id)))[0]!;
const messageCount = async () => (await handle.db.select({ n: sql<number>`count(*)::int` }).from(messages))[0]!.n;


describe("sending costs credits", () => {
  it("20 sends at once with credits for 5: exactly 5 messages, a zero balance and 5 ledger rows", async () => {
    const ann = await person({ name: "Ann", credits: 50, paidUser: true });
    const ben = await person({ name: "Ben" });
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => send(ann, ben, text(`Bericht ${i}`))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    expect(outcomes.filter((o) => !o.ok && o.reason === "insufficientCredits")).toHaveLength(15);
    expect((await balance(ann)).credits).toBe(0);
    expect(await messageCount()).toBe(5);
    const ledger = await handle.db.select().from(creditLedger).where(eq(creditLedger.memberId, ann));
    expect(ledger).toHaveLength(5);
    expect(ledger.reduce((total, row) => total + row.delta, 0)).toBe(-50);
    expect(ledger.map((row) => row.balanceAfter).sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40]);
  });

  it("uses the free messages first, then charges text, photo and gift at the brand's prices", async () => {
    const ann = await person({ name: "Ann", credits: 50, freeMessages: 2, paidUser: true });
    const ben = await person({ name: "Ben" });
    expect(await send(ann, ben)).toMatchObject({ ok: true, charged: 0 });
    expect(await send(ann, ben)).toMatchObject({ ok: true, charged: 0 });
    expect(await balance(ann)).toEqual({ credits: 50, free: 0 });
    expect(await send(ann, ben)).toMatchObject({ ok: true, charged: 10, creditsLeft: 40 });
    expect(await send(ann, ben, { kind: "photo", photoKey: "chat/ab/x.webp", photoThumbKey: "chat/ab/x-thumb.webp" })).toMatchObject({ ok: true, charged: 15, creditsLeft: 25 });
    expect(await send(ann, ben, { kind: "gift", giftId: "rose" })).toMatchObject({ ok: true, charged: 25, creditsLeft: 0 });
    // Not enough left: nothing is sent, nothing charged.
    const before = await messageCount();
    expect(await send(ann, ben)).toEqual({ ok: false, reason: "insufficientCredits" });
    expect(await messageCount()).toBe(before);
    expect((await balance(ann)).credits).toBe(0);
  });

  it("refuses empty and too long texts and gifts the brand does not offer, charging nothing", async () => {
    const ann = await person({ name: "Ann", credits: 100, paidUser: true });
    const ben = await person({ name: "Ben" });
    expect(await send(ann, ben, text("   "))).toEqual({ ok: false, reason: "empty" });
    expect(await send(ann, ben, text("x".repeat(201)))).toEqual({ ok: false, reason: "tooLong" });
    expect(await send(ann, ben, { kind: "gift", giftId: "diamond" })).toEqual({ ok: false, reason: "giftUnavailable" });
    expect((await balance(ann)).credits).toBe(100);
    expect(await messageCount()).toBe(0);
  });
});

describe("who may write to whom", () => {
  it("lets a free member start two conversations, also when many start at once; replies and premium members are not limited", async () => {
    const ann = await person({ name: "Ann", credits: 500 });
    const others = await Promise.all(["B", "C", "D", "E", "F"].map((name) => person({ name })));
    const outcomes = await Promise.all(others.map((id) => send(ann, id)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(2);
    expect(outcomes.filter((o) => !o.ok && o.reason === "conversationLimit")).toHaveLength(3);
    // Going on in a started conversation is fine; so is answering someone who wrote first.
    const started = others[outcomes.findIndex((o) => o.ok)]!;
    expect((await send(ann, started)).ok).toBe(true);
    const writer = await person({ name: "G", credits: 100, paidUser: true });
    expect((await send(writer, ann)).ok).toBe(true);
    expect((await send(ann, writer)).ok).toBe(true);
    // A paying member starts as many as they like.
    const paid = await person({ name: "P", credits: 500, paidUser: true });
    expect((await Promise.all(others.map((id) => send(paid, id)))).every((o) => o.ok)).toBe(true);
  });

  it("does not give a free member a conversation back when one is removed (blocking and unblocking is no way round the limit)", async () => {
    const ann = await person({ name: "Ann", credits: 500 });
    const [ben, cas, dirk] = (await Promise.all(["Ben", "Cas", "Dirk"].map((name) => person({ name })))) as [number, number, number];
    expect((await send(ann, ben)).ok).toBe(true);
    expect((await send(ann, cas)).ok).toBe(true);
    expect(await blockMember(handle.db, { blockerId: ann, blockedId: ben, pool: "shared" })).toBe(true);
    await unblockMember(handle.db, { blockerId: ann, blockedId: ben });
    expect(await send(ann, dirk)).toEqual({ ok: false, reason: "conversationLimit" });
    expect(await send(ann, ben)).toEqual({ ok: false, reason: "conversationLimit" });
  });

  it("lets an unconfirmed member spend nothing on messages (free ones included) and be reached by nobody until they confirm (review M-6)", async () => {
    const newbie = await person({ name: "New", credits: 100, status: "not_confirmed", paidUser: true });
    const ben = await person({ name: "Ben", credits: 100, paidUser: true });
    const before = await handle.db.select({ credits: members.credits, freeMessages: members.freeMessages }).from(members).where(eq(members.id, newbie));
    for (const content of [text("Hoi!"), { kind: "gift", giftId: "rose" }] as MessageContent[]) expect(await send(newbie, ben, content)).toEqual({ ok: false, reason: "senderUnconfirmed" });
    expect(await sendRefusal(handle.db, { senderId: newbie, recipientId: ben, tenant, kind: "text" })).toBe("senderUnconfirmed");
    expect(await handle.db.select({ credits: members.credits, freeMessages: members.freeMessages }).from(members).where(eq(members.id, newbie))).toEqual(before);
    // Not listed while unconfirmed (spec A1, 4.7): nobody can start a conversation with them.
    expect(await send(ben, newbie)).toEqual({ ok: false, reason: "unavailable" });
    await handle.db.update(members).set({ status: "active" }).where(eq(members.id, newbie));
    expect((await send(newbie, ben)).ok).toBe(true);
    expect((await send(ben, newbie)).ok).toBe(true);
  });

  it("never reaches another pool, a blocked member, a leaving account or oneself; a hidden member only in a conversation they had", async () => {
    const ann = await person({ name: "Ann", credits: 500, paidUser: true });
    const elsewhere = await person({ name: "Far", pool: "other" });
    const leaving = await person({ name: "Leaving", status: "deletion_requested" });
    const hidden = await person({ name: "Hidden", listed: false, credits: 100, paidUser: true });
    expect(await send(ann, elsewhere)).toEqual({ ok: false, reason: "unavailable" });
    expect(await send(ann, leaving)).toEqual({ ok: false, reason: "unavailable" });
    expect(await send(ann, ann)).toEqual({ ok: false, reason: "unavailable" });
    expect(await send(ann, hidden)).toEqual({ ok: false, reason: "unavailable" });
    expect((await send(hidden, ann)).ok).toBe(true);
    expect((await send(ann, hidden)).ok).toBe(true);

    const ben = await person({ name: "Ben" });
    expect((await send(ann, ben)).ok).toBe(true);
    expect((await send(ann, ben, { kind: "photo", photoKey: "chat/ab/p.webp", photoThumbKey: "chat/ab/p-thumb.webp" })).ok).toBe(true);
    const spy = new RemovalSpy("/tmp/unused-chat-storage", "/tmp/unused-chat-storage/public-media");
    expect(await blockMember(handle.db, { blockerId: ben, blockedId: ann, pool: "shared" }, spy)).toBe(true);
    // The conversation's photos went with it.
    expect(spy.removed.sort()).toEqual(["chat/ab/p-thumb.webp", "chat/ab/p.webp"]);
    // Blocking removed the conversation for both.
    expect((await conversationList(handle.db, storage, { memberId: ann, pool: "shared", historyDays: 30, limit: 10 })).items.map((c) => c.other.id)).toEqual([hidden]);
    expect(await send(ann, ben)).toEqual({ ok: false, reason: "unavailable" });
    expect(await send(ben, ann)).toEqual({ ok: false, reason: "unavailable" });
    expect((await balance(ann)).credits).toBe(465);
  });
});

describe("conversations", () => {
  it("lists newest first with unread counts and the last message; reading clears the count and tells the writer", async () => {
    const ann = await person({ name: "Ann", credits: 500, paidUser: true });
    const ben = await person({ name: "Ben", credits: 500, paidUser: true });
    const cas = await person({ name: "Cas", credits: 500, paidUser: true });
    await send(ben, ann, text("Hoi Ann"));
    await send(ben, ann, text("Ben je er?"));
    await send(cas, ann, { kind: "gift", giftId: "heart" });
    const list = await conversationList(handle.db, storage, { memberId: ann, pool: "shared", historyDays: 30, limit: 10 });
    expect(list.items.map((c) => [c.other.name, c.unread, c.last?.kind, c.last?.mine])).toEqual([
      ["Cas", 1, "gift", false],
      ["Ben", 2, "text", false],
    ]);
    expect(await unreadTotal(handle.db, ann, "shared")).toBe(3);

    const withBen = list.items[1]!.id;
    await markConversationRead(handle.db, ann, withBen);
    expect(await unreadTotal(handle.db, ann, "shared")).toBe(1);
    // Ben's side shows how far Ann read; Ben heard of it.
    const newest = (await handle.db.select({ id: messages.id }).from(messages).where(eq(messages.senderId, ben))).map((m) => m.id).sort((a, b) => b - a)[0];
    expect((await memberConversation(handle.db, ben, withBen))?.otherReadUpTo).toBe(newest);
    const benEvents = await handle.db.select({ kind: memberEvents.kind, data: memberEvents.data }).from(memberEvents).where(eq(memberEvents.memberId, ben));
    expect(benEvents).toContainEqual({ kind: "read", data: { conversation: withBen, upTo: newest } });
    // Reading again writes nothing new.
    const eventsBefore = (await handle.db.select().from(memberEvents)).length;
    await markConversationRead(handle.db, ann, withBen);
    expect((await handle.db.select().from(memberEvents)).length).toBe(eventsBefore);

    // Paging: one at a time, in order.
    const first = await conversationList(handle.db, storage, { memberId: ann, pool: "shared", historyDays: 30, limit: 1 });
    const second = await conversationList(handle.db, storage, { memberId: ann, pool: "shared", historyDays: 30, limit: 1, after: first.next });
    expect([first.items[0]!.other.name, second.items[0]!.other.name, second.next]).toEqual(["Cas", "Ben", null]);
  });

  it("deleting removes it from one member's list only; a new message brings it back with only what came after", async () => {
    const ann = await person({ name: "Ann", credits: 500, paidUser: true });
    const ben = await person({ name: "Ben", credits: 500, paidUser: true });
    const first = await send(ben, ann, text("Oud bericht"));
    if (!first.ok) throw new Error("not sent");
    expect(await deleteConversation(handle.db, ann, first.conversationId)).toBe(true);
    expect((await conversationList(handle.db, storage, { memberId: ann, pool: "shared", historyDays: 30, limit: 10 })).items).toEqual([]);
    expect(await unreadTotal(handle.db, ann, "shared")).toBe(0);
    expect((await conversationList(handle.db, storage, { memberId: ben, pool: "shared", historyDays: 30, limit: 10 })).items).toHaveLength(1);
    // Someone else's conversation cannot be deleted.
    const cas = await person({ name: "Cas" });
    expect(await deleteConversation(handle.db, cas, first.conversationId)).toBe(false);
    // Nothing is unread after deleting, yet opening it still tells Ben how far Ann has read.
    await markConversationRead(handle.db, ann, first.conversationId);
    expect((await memberConversation(handle.db, ben, first.conversationId))?.otherReadUpTo).toBe(first.messageId);

    await new Promise((r) => setTimeout(r, 5));
    await send(ben, ann, text("Nieuw bericht"));
    const side = await memberConversation(handle.db, ann, first.conversationId);
    const shown = await conversationMessages(handle.db, storage, { conversationId: first.conversationId, clearedAt: side!.clearedAt, historyDays: 30, limit: 50 });
    expect(shown.messages.map((m) => m.body)).toEqual(["Nieuw bericht"]);
  });

  it("shows history newest page first, older pages on request, and hides what is beyond the brand's limit", async () => {
    const ann = await person({ name: "Ann", credits: 500, paidUser: true });
    const ben = await person({ name: "Ben", credits: 500, paidUser: true });
    let conversationId = 0;
    for (let i = 1; i <= 5; i++) {
      const sent = await send(i % 2 ? ann : ben, i % 2 ? ben : ann, text(`m${i}`));
      if (sent.ok) conversationId = sent.conversationId;
    }
    // The first message is 40 days old: beyond the 30-day history.
    const [oldest] = await handle.db.select({ id: messages.id }).from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.body, "m1")));
    await handle.db.update(messages).set({ createdAt: new Date(Date.now() - 40 * 86_400_000) }).where(eq(messages.id, oldest!.id));

    const newest = await conversationMessages(handle.db, storage, { conversationId, clearedAt: null, historyDays: 30, limit: 2 });
    expect(newest.messages.map((m) => m.body)).toEqual(["m4", "m5"]);
    expect(newest.hasOlder).toBe(true);
    const older = await conversationMessages(handle.db, storage, { conversationId, clearedAt: null, historyDays: 30, limit: 2, before: newest.messages[0]!.id });
    expect(older.messages.map((m) => m.body)).toEqual(["m2", "m3"]);
    const oldestPage = await conversationMessages(handle.db, storage, { conversationId, clearedAt: null, historyDays: 30, limit: 2, before: older.messages[0]!.id });
    expect(oldestPage).toMatchObject({ messages: [], hasOlder: false, olderHidden: true });
    const whole = await conversationMessages(handle.db, storage, { conversationId, clearedAt: null, historyDays: 30, limit: 10 });
    expect([whole.messages.map((m) => m.body), whole.hasOlder, whole.olderHidden]).toEqual([["m2", "m3", "m4", "m5"], false, true]);
    const longer = await conversationMessages(handle.db, storage, { conversationId, clearedAt: null, historyDays: 60, limit: 10 });
    expect([longer.messages.length, longer.hasOlder, longer.olderHidden]).toEqual([5, false, false]);
    // When the newest message is beyond the limit too, the list does not preview it.
    await handle.db.update(messages).set({ createdAt: new Date(Date.now() - 40 * 86_400_000) }).where(eq(messages.conversationId, conversationId));
    await handle.db.execute(sql`update conversation_members set last_message_at = now() - interval '40 days' where conversation_id = ${conversationId}`);
    const [listed] = (await conversationList(handle.db, storage, { memberId: ann, pool: "shared", historyDays: 30, limit: 10 })).items;
    expect(listed?.last).toBeNull();
  });

  it("lets an operator answer as a fictional profile, free of charge, and as nobody else", async () => {
    const ann = await person({ name: "Ann", credits: 100, paidUser: true });
    const lisa = await person({ name: "Lisa", fictional: true });
    const sent = await send(ann, lisa, text("Hallo Lisa"));
    if (!sent.ok) throw new Error("not sent");
    const before = await balance(ann);
    const answered = await handle.db.transaction((tx) => sendAsProfile(tx, { profileId: lisa, memberId: ann, content: text("Hoi Ann!") }));
    expect(answered).toMatchObject({ conversationId: sent.conversationId, newConversation: false });
    expect(await handle.db.transaction((tx) => sendAsProfile(tx, { profileId: ann, memberId: lisa, content: text("Nep") }))).toBeNull();
    expect(await unreadTotal(handle.db, ann, "shared")).toBe(1);
    expect(await balance(ann)).toEqual(before);
  });
});
