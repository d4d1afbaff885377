import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { conversationMembers, members } from "../../db/schema/index";
import type { OutgoingMail } from "../../app/services/mail/mail";
import { sendMessage } from "../../app/models/chat/chat-send.server";
import { disableNotifications } from "../../app/models/accounts/account-settings.server";
import { sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import { openMailLink } from "../../app/models/notifications/mail-links.server";
import { NEW_MESSAGES_MAIL_INTERVAL_MS, sendNewConversationMail, sendNewMessageMails, sendUnreadReminders } from "../../app/models/notifications/message-mails.server";
import { markPageHidden, markPageVisible } from "../../app/models/notifications/presence.server";
import { TenantRegistry } from "../../app/tenancy/registry";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { captureMail } from "../fixtures/mail";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const tenant = tenantSchema.parse(tenantFixture({ id: "chatmail", name: "Chatpunt", domains: ["chatmail.example"] }));
const registry = new TenantRegistry([tenant]);
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
let handle: TestDatabase;
let mail: ReturnType<typeof captureMail>;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());
beforeEach(() => {
  mail = captureMail();
});
afterEach(() => mail.restore());

async function pair() {
  const tag = Math.random().toString(36).slice(2, 7);
  const writer = await createMember(handle.db, { tenant, name: `Sanne${tag}`, credits: 100 });
  const reader = await createMember(handle.db, { tenant, name: `Rik${tag}`, email: `rik.${tag}@example.com`, credits: 100 });
  return { writer, reader };
}

async function write(from: number, to: number, body = "Hoi!") {
  const outcome = await sendMessage(handle.db, { senderId: from, recipientId: to, tenant, content: { kind: "text", body } });
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome;
}

/** The one-click link of a mail's button: its token, the whole path. */
function buttonToken(sent: OutgoingMail): string {
  const token = /https?:\/\/[^\s/]+\/([A-Za-z0-9_-]{43})(?=\s|$)/m.exec(sent.text)?.[1];
  if (!token) throw new Error(`no mail link in "${sent.subject}"`);
  return token;
}

const mailsTo = (email: string) => mail.sent.filter((sent) => sent.to.includes(email));

describe("the new-conversation mail", () => {
  it("goes at once, in the brand's name, with a link that logs the member in once on the conversation", async () => {
    const { writer, reader } = await pair();
    const first = await write(writer.id, reader.id);
    expect(first.newConversation).toBe(true);
    expect(await sendNewConversationMail(handle.db, tenant, { recipientId: reader.id, senderId: writer.id, conversationId: first.conversationId })).toBe(true);
    const sent = mailsTo(reader.member.email!)[0]!;
    expect(sent.subject).toBe(`${writer.profile.name} heeft je een bericht gestuurd op Chatpunt`);
    expect(sent.headers?.["List-Unsubscribe"]).toBeDefined();

    const token = buttonToken(sent);
    expect(await openMailLink(handle.db, token, "otherbrand")).toBeNull();
    expect(await openMailLink(handle.db, token, tenant.id)).toEqual({ status: "valid", memberId: reader.id, targetPath: `/chats/${first.conversationId}` });
    expect(await openMailLink(handle.db, token, tenant.id)).toEqual({ status: "spent", targetPath: `/chats/${first.conversationId}` });
    expect(await openMailLink(handle.db, "A".repeat(43), tenant.id)).toBeNull();
    // The second message of the conversation is no new conversation.
    expect((await write(writer.id, reader.id)).newConversation).toBe(false);
  });

  it("is not sent for a type switched off or after a bounce", async () => {
    const { writer, reader } = await pair();
    await handle.db.update(members).set({ mailOptOuts: ["new_conversations"] }).where(eq(members.id, reader.id));
    const first = await write(writer.id, reader.id);
    expect(await sendNewConversationMail(handle.db, tenant, { recipientId: reader.id, senderId: writer.id, conversationId: first.conversationId })).toBe(false);
    const other = await pair();
    await disableNotifications(handle.db, other.reader.id, tenant.id, "bounce");
    const second = await write(other.writer.id, other.reader.id);
    expect(await sendNewConversationMail(handle.db, tenant, { recipientId: other.reader.id, senderId: other.writer.id, conversationId: second.conversationId })).toBe(false);
    expect(mail.sent).toEqual([]);
  });
});

describe("new-messages mails", () => {
  it("wait two minutes, then go at most once an hour per conversation, and not for what was mailed already", async () => {
    const { writer, reader } = await pair();
    await write(writer.id, reader.id);
    await write(reader.id, writer.id, "Hallo terug");
    const start = Date.now();
    expect(await sendNewMessageMails(handle.db, registry, new Date(start + MINUTE_MS))).toBe(0);
    expect(await sendNewMessageMails(handle.db, registry, new Date(start + 3 * MINUTE_MS))).toBeGreaterThanOrEqual(1);
    const toWriter = mailsTo(writer.member.email!);
    expect(toWriter.map((sent) => sent.subject)).toEqual([`Nieuwe berichten van ${reader.profile.name} op Chatpunt`]);
    // Nothing new: nothing more, also after the hour.
    await sendNewMessageMails(handle.db, registry, new Date(start + 10 * MINUTE_MS));
    await sendNewMessageMails(handle.db, registry, new Date(start + 2 * HOUR_MS));
    expect(mailsTo(writer.member.email!)).toHaveLength(1);
  });

  it("hold back within the hour, and go again after it for messages that came since", async () => {
    const { writer, reader } = await pair();
    const first = await write(writer.id, reader.id);
    await sendNewConversationMail(handle.db, tenant, { recipientId: reader.id, senderId: writer.id, conversationId: first.conversationId });
    await write(writer.id, reader.id, "Nog eentje");
    const start = Date.now();
    // Within the hour of the new-conversation mail: no new-messages mail.
    await sendNewMessageMails(handle.db, registry, new Date(start + 30 * MINUTE_MS));
    expect(mailsTo(reader.member.email!).map((sent) => sent.subject)).toEqual([`${writer.profile.name} heeft je een bericht gestuurd op Chatpunt`]);
    await sendNewMessageMails(handle.db, registry, new Date(start + NEW_MESSAGES_MAIL_INTERVAL_MS + MINUTE_MS));
    expect(mailsTo(reader.member.email!).map((sent) => sent.subject)).toEqual([
      `${writer.profile.name} heeft je een bericht gestuurd op Chatpunt`,
      `Nieuwe berichten van ${writer.profile.name} op Chatpunt`,
    ]);
  });

  it("wait while the member has a page of the site open in a visible tab", async () => {
    const { writer, reader } = await pair();
    await write(writer.id, reader.id);
    const browser = (await sessionIdFrom((await startSession(handle.db, { memberId: reader.id, siteId: tenant.id, userAgent: null })).split(";")[0]!))!;
    const start = Date.now();
    await markPageVisible(handle.db, browser, "/members", new Date(start + 3 * MINUTE_MS));
    await sendNewMessageMails(handle.db, registry, new Date(start + 3 * MINUTE_MS));
    expect(mailsTo(reader.member.email!)).toEqual([]);
    await markPageHidden(handle.db, browser, reader.id, new Date(start + 4 * MINUTE_MS));
    await sendNewMessageMails(handle.db, registry, new Date(start + 5 * MINUTE_MS));
    expect(mailsTo(reader.member.email!)).toHaveLength(1);
  });
});

describe("the unread-message reminder", () => {
  it("goes once a conversation has been unread for a day, once per unread stretch", async () => {
    const { writer, reader } = await pair();
    const { conversationId } = await write(writer.id, reader.id);
    const setLastMessage = (at: Date) =>
      handle.db.update(conversationMembers).set({ lastMessageAt: at }).where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, reader.id)));
    const base = Date.now();
    const reminders = () => mailsTo(reader.member.email!).filter((sent) => sent.subject === "Je hebt nog ongelezen berichten op Chatpunt").length;
    await setLastMessage(new Date(base));
    await sendUnreadReminders(handle.db, registry, new Date(base + 23 * HOUR_MS));
    expect(reminders()).toBe(0);
    await sendUnreadReminders(handle.db, registry, new Date(base + 25 * HOUR_MS));
    await sendUnreadReminders(handle.db, registry, new Date(base + 26 * HOUR_MS));
    expect(reminders()).toBe(1);
    // A newer message, unread for a day again: a new reminder.
    await setLastMessage(new Date(base + 27 * HOUR_MS));
    await sendUnreadReminders(handle.db, registry, new Date(base + 52 * HOUR_MS));
    expect(reminders()).toBe(2);
  });
});
