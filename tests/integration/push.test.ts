import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { members, pushDeliveries, pushSubscriptions } from "../../db/schema/index";
import { sendMessage } from "../../app/models/chat/chat-send.server";
import { likeMember } from "../../app/models/likes/likes.server";
import { deliverDuePushes, MAX_PUSH_ATTEMPTS, PUSH_QUEUED_CHANNEL } from "../../app/models/notifications/push-delivery.server";
import { deletePushSubscription, savePushSubscription } from "../../app/models/notifications/push-subscriptions.server";
import { markPageHidden, markPageVisible } from "../../app/models/notifications/presence.server";
import { sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import { sendPush } from "../../app/services/push/web-push.server";
import { TenantRegistry } from "../../app/tenancy/registry";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { browserKeys, startPushService } from "../fixtures/push-service";
import { tenantFixture } from "../fixtures/tenant";

// The local push service runs on this machine: allowed by name, as tests/e2e/start-server.mjs does
// (before any import reads the environment).
vi.hoisted(() => (process.env.PUSH_ENDPOINT_HOSTS = "127.0.0.1"));

/** Web push end to end: queued with the message or like, encrypted, sent to the browser's push service. */
const tenant = tenantSchema.parse(tenantFixture({ id: "pushsite", name: "Pushpunt", domains: ["pushsite.example"] }));
const registry = new TenantRegistry([tenant]);
let handle: TestDatabase;
let service: Awaited<ReturnType<typeof startPushService>>;
const keys = browserKeys();

beforeAll(async () => {
  handle = await createTestDatabase();
  service = await startPushService(keys);
});
afterAll(async () => {
  await service.close();
  await handle.close();
});
beforeEach(() => {
  service.received.length = 0;
});
afterEach(() => vi.restoreAllMocks());

async function pair(language: string | null = "nl") {
  const sender = await createMember(handle.db, { tenant, name: `Sanne${Math.random().toString(36).slice(2, 6)}`, credits: 100 });
  const recipient = await createMember(handle.db, { tenant, name: "Rik", language });
  await savePushSubscription(handle.db, recipient.id, { endpoint: service.endpoint(`${recipient.id}`), keys: { p256dh: keys.p256dh, auth: keys.auth } });
  return { sender, recipient };
}

const write = (senderId: number, recipientId: number, body = "Hoi!") => sendMessage(handle.db, { senderId, recipientId, tenant, content: { kind: "text", body } });
const deliver = (now = new Date()) => deliverDuePushes(handle.db, registry, sendPush, now);

describe("a push for a new message", () => {
  it("reaches the recipient's push service encrypted, with the brand, the sender and the unread count, replacing the conversation's older one", async () => {
    const { sender, recipient } = await pair();
    const first = await write(sender.id, recipient.id);
    if (!first.ok) throw new Error(first.reason);
    expect(await deliver()).toBe(1);
    await write(sender.id, recipient.id, "Ben je er?");
    expect(await deliver()).toBe(1);

    expect(service.received.map((push) => push.payload)).toEqual([
      { title: "Pushpunt", body: `1 nieuw bericht van ${sender.profile.name}`, icon: "/icons/192.png", tag: `conversation-${first.conversationId}`, url: `/chats/${first.conversationId}` },
      { title: "Pushpunt", body: `2 nieuwe berichten van ${sender.profile.name}`, icon: "/icons/192.png", tag: `conversation-${first.conversationId}`, url: `/chats/${first.conversationId}` },
    ]);
    const headers = service.received[0]!.headers;
    expect(headers.topic).toBe(`conversation-${first.conversationId}`);
    expect(headers["content-encoding"]).toBe("aes128gcm");
    expect(headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(Number(headers.ttl)).toBeGreaterThan(0);
    expect(await handle.db.select().from(pushDeliveries)).toEqual([]);
  });

  it("speaks the recipient's language", async () => {
    const { sender, recipient } = await pair("de");
    await write(sender.id, recipient.id);
    await deliver();
    expect(service.received[0]!.payload).toMatchObject({ body: `1 neue Nachricht von ${sender.profile.name}` });
  });

  it("is not sent while the recipient reads that conversation in a visible tab, and is again once the tab is hidden", async () => {
    const { sender, recipient } = await pair();
    const browser = (await sessionIdFrom((await startSession(handle.db, { memberId: recipient.id, siteId: tenant.id, userAgent: null })).split(";")[0]!))!;
    const first = await write(sender.id, recipient.id);
    if (!first.ok) throw new Error(first.reason);
    await markPageVisible(handle.db, browser, `/chats/${first.conversationId}`);
    await write(sender.id, recipient.id, "Zie je dit?");
    expect(await deliver()).toBe(0);
    expect(service.received).toEqual([]);

    await markPageHidden(handle.db, browser, recipient.id);
    await write(sender.id, recipient.id, "En nu?");
    expect(await deliver()).toBe(1);
  });

  it("is not sent for a type the member switched off, nor when nothing was queued because the send was refused", async () => {
    const { sender, recipient } = await pair();
    await handle.db.update(members).set({ mailOptOuts: ["new_conversations", "new_messages"] }).where(eq(members.id, recipient.id));
    await write(sender.id, recipient.id);
    const refused = await write(sender.id, recipient.id, "x".repeat(5000));
    expect(refused.ok).toBe(false);
    expect(await deliver()).toBe(0);
    expect(service.received).toEqual([]);
    expect(await handle.db.select().from(pushDeliveries)).toEqual([]);
  });
});

describe("waking the push workers", () => {
  it("notifies them once per transaction that queued a push, and not for a member with no browser subscribed", async () => {
    const heard: string[] = [];
    const stop = await handle.listen(PUSH_QUEUED_CHANNEL, (payload) => heard.push(payload));
    try {
      const { sender, recipient } = await pair();
      const unsubscribed = await createMember(handle.db, { tenant, name: "Ilse" });
      await write(sender.id, unsubscribed.id);
      await write(sender.id, recipient.id);
      await likeMember(handle.db, { likerId: unsubscribed.id, likedId: recipient.id, pool: tenant.pool, source: "profile" });
      // Notifications arrive after their commits, in commit order: a marker sent last shows all that came before are in.
      await handle.db.execute(sql`select pg_notify(${PUSH_QUEUED_CHANNEL}, 'marker')`);
      await vi.waitFor(() => expect(heard).toContain("marker"));
      expect(heard).toEqual(["", "", "marker"]);
    } finally {
      await stop();
    }
  });
});

describe("a push for a like and a match", () => {
  it("says who liked, or that it is a match, and opens the likes or the match", async () => {
    const { sender, recipient } = await pair();
    await likeMember(handle.db, { likerId: sender.id, likedId: recipient.id, pool: tenant.pool, source: "profile" });
    await deliver();
    expect(service.received.at(-1)!.payload).toMatchObject({ body: `${sender.profile.name} vindt je leuk!`, tag: "likes", url: "/likes/received" });

    await savePushSubscription(handle.db, sender.id, { endpoint: service.endpoint(`${sender.id}`), keys: { p256dh: keys.p256dh, auth: keys.auth } });
    await likeMember(handle.db, { likerId: recipient.id, likedId: sender.id, pool: tenant.pool, source: "profile" });
    await deliver();
    expect(service.received.at(-1)!.payload).toMatchObject({ body: `Het is een match met ${recipient.profile.name}!`, tag: `match-${recipient.id}`, url: `/likes/m/${recipient.id}` });
  });
});

describe("delivery", () => {
  it("forgets a browser whose push service answers 410 Gone", async () => {
    const { sender, recipient } = await pair();
    service.answerNext(410);
    await write(sender.id, recipient.id);
    expect(await deliver()).toBe(0);
    expect(await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, recipient.id))).toEqual([]);
    expect(await handle.db.select().from(pushDeliveries)).toEqual([]);
  });

  it("keeps a push while the push service fails and sends it once it is back, with back-off in between", async () => {
    const { sender, recipient } = await pair();
    service.answerNext(500);
    await write(sender.id, recipient.id);
    const now = new Date();
    expect(await deliver(now)).toBe(0);
    const [waiting] = await handle.db.select().from(pushDeliveries);
    expect(waiting).toMatchObject({ attempts: 1, lastError: "push service answered 500" });
    // Not before its time.
    expect(await deliver(new Date(now.getTime() + 1_000))).toBe(0);
    expect(await deliver(new Date(now.getTime() + 31_000))).toBe(1);
    expect(service.received.map((push) => push.payload)).toHaveLength(2);
  });

  it("survives an unreachable push service, and gives up after the last attempt", async () => {
    const { sender, recipient } = await pair();
    await handle.db.update(pushSubscriptions).set({ endpoint: "http://127.0.0.1:1/push/gone" }).where(eq(pushSubscriptions.memberId, recipient.id));
    await write(sender.id, recipient.id);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_PUSH_ATTEMPTS; attempt++) {
      now += 7 * 60 * 60 * 1000;
      await deliver(new Date(now));
    }
    expect(await handle.db.select().from(pushDeliveries)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`given up after ${MAX_PUSH_ATTEMPTS} attempts`)));
  });
});

describe("a push to an endpoint the server may not call (review N-L-6)", () => {
  it("is not sent to a host the allow-list does not name, stored before it existed, and the subscription goes", async () => {
    const { sender, recipient } = await pair();
    // localhost is this very push service, but PUSH_ENDPOINT_HOSTS names only 127.0.0.1.
    await handle.db.update(pushSubscriptions).set({ endpoint: service.endpoint(`${recipient.id}`).replace("127.0.0.1", "localhost") }).where(eq(pushSubscriptions.memberId, recipient.id));
    await write(sender.id, recipient.id);
    expect(await deliver()).toBe(0);
    expect(service.received).toEqual([]);
    expect(await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, recipient.id))).toEqual([]);
  });

  it("follows no redirect of the push service", async () => {
    const { sender, recipient } = await pair();
    service.answerNext(307);
    await write(sender.id, recipient.id);
    expect(await deliver()).toBe(0);
    expect(service.received).toHaveLength(1);
    const [waiting] = await handle.db.select().from(pushDeliveries);
    expect(waiting).toMatchObject({ lastError: "push service answered 307" });
    await handle.db.delete(pushDeliveries);
  });
});

describe("turning push off", () => {
  it("forgets only the member's own subscription", async () => {
    const { sender, recipient } = await pair();
    const endpoint = service.endpoint(`${recipient.id}`);
    await deletePushSubscription(handle.db, sender.id, endpoint);
    expect(await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(1);
    await deletePushSubscription(handle.db, recipient.id, endpoint);
    expect(await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
  });
});
