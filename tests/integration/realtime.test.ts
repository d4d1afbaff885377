import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import { setDatabaseHandle } from "../../db/database.server";
import { likes } from "../../db/schema/index";
import { likeMember } from "../../app/models/likes/likes.server";
import { memberAttention, rememberAttentionWhileListening } from "../../app/web/member-attention.server";
import { RESYNC_EVENT } from "../../app/models/notifications/member-event-kinds";
import { eventsAfter, latestEventId, publishEvent, pruneEvents, signalMember } from "../../app/models/notifications/member-events.server";
import { encodeSignal, EventHub, MEMBER_EVENTS_CHANNEL, setEventHub, type MemberSignal } from "../../app/services/realtime/event-hub.server";
import { streamMemberEvents, REPLAY_MAX, SESSION_CHECK_EVERY, StreamClock } from "../../app/services/realtime/event-stream.server";
import { endSession, liveSessionIds, startSession } from "../../app/models/accounts/sessions.server";
import { sessionCookie } from "../../app/web/cookies.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
/** On PostgreSQL a second connection pool stands for a second server process. */
let other: DatabaseHandle | null = null;
const tenant = tenantSchema.parse(tenantFixture({ id: "alpha" }));

beforeAll(async () => {
  if (handle.url) other = openDatabase({ url: handle.url, maxConnections: 2 });
});
afterAll(async () => {
  await other?.close();
});
afterEach(() => setEventHub(undefined));

/** Collects what a hub hears, and waits for it. */
function collector(hub: EventHub, memberId: number) {
  const heard: MemberSignal[] = [];
  hub.subscribe(memberId, (signal) => heard.push(signal));
  return {
    heard,
    async until(count: number) {
      for (let i = 0; i < 200 && heard.length < count; i++) await new Promise((r) => setTimeout(r, 10));
      return heard;
    },
  };
}

describe("member events", () => {
  it("reach a hub listening on the database after commit, and never when rolled back", async () => {
    const { id: memberId } = await createMember(handle.db, { tenant, email: "ann@example.com" });
    // The listening side: another pool on PostgreSQL (another process), the same database on PGlite.
    const hub = new EventHub(() => other ?? handle);
    await hub.start();
    const ears = collector(hub, memberId);
    await handle.db
      .transaction(async (tx) => {
        await publishEvent(tx, memberId, "likes", { from: 1 });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    const id = await publishEvent(handle.db, memberId, "message", { conversation: 7 });
    const heard = await ears.until(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(ears.heard).toEqual([{ memberId, kind: "message", eventId: id, data: undefined }]);
    expect(heard[0]!.eventId).toBe(id);
    expect(await eventsAfter(handle.db, memberId, 0, 10)).toEqual([{ id, kind: "message", data: { conversation: 7 }, at: expect.any(Date) }]);
    await hub.stop();
  });

  it("carries passing signals (typing) without storing them", async () => {
    const { id: memberId } = await createMember(handle.db, { tenant, email: "ann@example.com" });
    const hub = new EventHub(() => handle);
    await hub.start();
    const ears = collector(hub, memberId);
    await signalMember(handle.db, memberId, "typing", { conversation: 3 });
    expect(await ears.until(1)).toEqual([{ memberId, kind: "typing", eventId: undefined, data: { conversation: 3 } }]);
    expect(await latestEventId(handle.db, memberId)).toBe(0);
    await hub.stop();
  });

  it("are pruned after their time", async () => {
    const { id: memberId } = await createMember(handle.db, { tenant, email: "ann@example.com" });
    await publishEvent(handle.db, memberId, "likes");
    await pruneEvents(handle.db, new Date(Date.now() - 60_000));
    expect(await latestEventId(handle.db, memberId)).toBeGreaterThan(0);
    await pruneEvents(handle.db, new Date(Date.now() + 60_000));
    expect(await latestEventId(handle.db, memberId)).toBe(0);
  });
});

describe("the event stream", () => {
  async function open(memberId: number, lastEventId: number | null, hub: EventHub, session = { sessionId: "test-session", clock: new StreamClock(async (ids) => new Set(ids)) }) {
    let text = "";
    let ended = false;
    let wake = () => undefined as void;
    const stop = streamMemberEvents(
      {
        eventsAfter: (after, limit, since) => eventsAfter(handle.db, memberId, after, limit, since),
        latestEventId: () => latestEventId(handle.db, memberId),
        subscribe: (listener) => hub.subscribe(memberId, listener),
        ...session,
        resyncKind: RESYNC_EVENT,
      },
      lastEventId,
      {
        write: (chunk) => {
          text += chunk;
          wake();
        },
        end: () => {
          ended = true;
          wake();
        },
      },
    );
    return {
      /** Waits until the text holds `expected`, or the stream ended. */
      async read(expected: string) {
        while (!text.includes(expected) && !ended) await new Promise<void>((resolve) => (wake = resolve));
        return text;
      },
      close: stop,
      get text() {
        return text;
      },
    };
  }

  it("replays what a reconnecting member missed, then sends new events as they happen", async () => {
    const { id: memberId } = await createMember(handle.db, { tenant, email: "ann@example.com" });
    const { id: someoneElse } = await createMember(handle.db, { tenant, email: "ben@example.com" });
    const hub = new EventHub(() => other ?? handle);
    await hub.start();
    const seen = await publishEvent(handle.db, memberId, "likes", { from: 1 });
    const missed = await publishEvent(handle.db, memberId, "message", { conversation: 2 });
    await publishEvent(handle.db, someoneElse, "message", { conversation: 99 });

    const stream = await open(memberId, seen, hub);
    expect(await stream.read(`id: ${missed}\n`)).toContain(`id: ${missed}\nevent: message\ndata: {"conversation":2}\n\n`);
    expect(stream.text).not.toContain(`id: ${seen}\n`);

    const next = await publishEvent(handle.db, memberId, "read", { conversation: 2 });
    await signalMember(handle.db, memberId, "typing", { conversation: 2 });
    await stream.read("event: typing");
    const text = await stream.read(`id: ${next}\n`);
    expect(text).toContain(`id: ${next}\nevent: read\n`);
    expect(text).toContain(`event: typing\ndata: {"conversation":2}\n\n`);
    expect(text).not.toContain("99");
    stream.close();
    await hub.stop();
    // The closed stream no longer listens.
    expect(hub.listenerCount(memberId)).toBe(0);
  });

  // PGlite has one connection: a transaction held open would hold up the other write.
  it.skipIf(!process.env.DATABASE_URL)("sends an event whose transaction committed after a later id was sent, and nothing twice", async () => {
    const { id: memberId } = await createMember(handle.db, { tenant, email: "ann@example.com" });
    const hub = new EventHub(() => other ?? handle);
    await hub.start();
    const stream = await open(memberId, await latestEventId(handle.db, memberId), hub);
    await stream.read("retry");
    // X's transaction takes the lower id but commits last.
    let commitSlow: () => void = () => undefined;
    const slow = handle.db.transaction(async (tx) => {
      const id = await publishEvent(tx, memberId, "message", { conversation: 1 });
      await new Promise<void>((resolve) => (commitSlow = resolve));
      return id;
    });
    await new Promise((r) => setTimeout(r, 50));
    const fast = await publishEvent(other?.db ?? handle.db, memberId, "message", { conversation: 2 });
    await stream.read(`id: ${fast}\n`);
    commitSlow();
    const early = await slow;
    expect(early).toBeLessThan(fast);
    const text = await stream.read(`id: ${early}\n`);
    expect(text.split(`id: ${fast}\n`)).toHaveLength(2);
    stream.close();
    await hub.stop();
  });

  it("beats on the process's clock and ends once its session is revoked, checked with the other streams' sessions in one query", async () => {
    const [{ id: memberId }, { id: otherId }] = await Promise.all([
      createMember(handle.db, { tenant, email: "ann@example.com" }),
      createMember(handle.db, { tenant, email: "ben@example.com" }),
    ]);
    const sessionOf = async (id: number) => (await sessionCookie.parse(await startSession(handle.db, { memberId: id, siteId: tenant.id, userAgent: null }))) as string;
    const [revoked, kept] = [await sessionOf(memberId), await sessionOf(otherId)];
    const asked: string[][] = [];
    const clock = new StreamClock((ids) => {
      asked.push(ids);
      return liveSessionIds(handle.db, ids);
    });
    const hub = new EventHub(() => handle);
    await hub.start();
    const ann = await open(memberId, null, hub, { sessionId: revoked, clock });
    const ben = await open(otherId, null, hub, { sessionId: kept, clock });
    await Promise.all([ann.read("retry"), ben.read("retry")]);
    // The clock's ticks (HEARTBEAT_MS / 25 apart in a server) for one heartbeat: each stream is pinged.
    for (let i = 0; i < 25; i++) await clock.tick();
    expect(await ann.read(": ping")).toContain(": ping\n\n");
    expect(await ben.read(": ping")).toContain(": ping\n\n");
    expect(clock.size).toBe(2);
    await endSession(handle.db, revoked);
    for (let i = 0; i < 25 * (SESSION_CHECK_EVERY - 1); i++) await clock.tick();
    // Ann's stream ends; Ben's session stands and his stream stays.
    await ann.read("the end");
    expect(clock.size).toBe(1);
    expect(asked.flat().sort()).toEqual([kept, revoked].sort());
    expect(hub.listenerCount(memberId)).toBe(0);
    expect(hub.listenerCount(otherId)).toBe(1);
    ben.close();
    // A closed stream leaves the clock (and the hub): nothing of it stays behind.
    expect(clock.size).toBe(0);
    expect(hub.listenerCount(otherId)).toBe(0);
    await hub.stop();
  });

  it("asks for a full reload when the given id is newer than anything the member has (a reset database, another account)", async () => {
    const { id: memberId } = await createMember(handle.db, { tenant, email: "ann@example.com" });
    const hub = new EventHub(() => handle);
    await hub.start();
    const latest = await publishEvent(handle.db, memberId, "likes");
    const stream = await open(memberId, latest + 1000, hub);
    expect(await stream.read("event: resync")).toContain(`id: ${latest}\nevent: ${RESYNC_EVENT}\n`);
    stream.close();
    await hub.stop();
  });

  it("starts at the newest event when no id is given, and asks for a full reload after too many missed events", async () => {
    const { id: memberId } = await createMember(handle.db, { tenant, email: "ann@example.com" });
    const hub = new EventHub(() => handle);
    await hub.start();
    const old = await publishEvent(handle.db, memberId, "likes");
    const fresh = await open(memberId, null, hub);
    // A stream without an id starts from the newest event when it has read it.
    await new Promise((r) => setTimeout(r, 200));
    const next = await publishEvent(handle.db, memberId, "credits");
    const text = await fresh.read(`id: ${next}\n`);
    expect(text).not.toContain(`id: ${old}\n`);
    fresh.close();

    for (let i = 0; i <= REPLAY_MAX; i++) await publishEvent(handle.db, memberId, "likes");
    const latest = await latestEventId(handle.db, memberId);
    const behind = await open(memberId, next, hub);
    expect(await behind.read("event: resync")).toContain(`id: ${latest}\nevent: ${RESYNC_EVENT}\n`);
    expect(behind.text).not.toContain("event: likes");
    behind.close();
    await hub.stop();
  });
});

describe("the badges a member's pages show", () => {
  it("are remembered until an event about the member, from any process, makes every process forget them", async () => {
    setDatabaseHandle(handle);
    const hub = new EventHub(() => handle);
    setEventHub(hub);
    await hub.start();
    rememberAttentionWhileListening();
    try {
      const { id: ann } = await createMember(handle.db, { tenant, email: "ann@example.com" });
      const { id: ben } = await createMember(handle.db, { tenant, email: "ben@example.com" });
      const { id: cas } = await createMember(handle.db, { tenant, email: "cas@example.com" });
      expect((await memberAttention(ann, tenant.pool)).newLikes).toBe(0);

      // A like written behind the models' back announces nothing: the remembered badge stays,
      // also while a profile opens (with none new remembered, nothing is counted).
      await handle.db.insert(likes).values({ likerId: cas, likedId: ann });
      expect((await memberAttention(ann, tenant.pool)).newLikes).toBe(0);
      expect((await memberAttention(ann, tenant.pool, ben)).newLikes).toBe(0);

      // Another server process announces a change: only its notification reaches this process.
      const elsewhere = other ?? handle;
      await elsewhere.db.execute(sql`select pg_notify(${MEMBER_EVENTS_CHANNEL}, ${encodeSignal({ memberId: ann, kind: "likes", eventId: 1 })})`);
      let attention = await memberAttention(ann, tenant.pool);
      for (let i = 0; i < 100 && attention.newLikes !== 1; i++) {
        await new Promise((r) => setTimeout(r, 10));
        attention = await memberAttention(ann, tenant.pool);
      }
      expect(attention.newLikes).toBe(1);

      // A like through the model in this process: forgotten at once.
      await likeMember(handle.db, { likerId: ben, likedId: ann, pool: tenant.pool, source: "profile" });
      attention = await memberAttention(ann, tenant.pool);
      expect(attention.newLikes).toBe(2);
      expect(attention.eventId).toBe(await latestEventId(handle.db, ann));

      // Opening Ben's profile (which marks his like seen beside this load): counted without him,
      // the other badges as remembered, and what is remembered for other pages is left as it was.
      const opening = await memberAttention(ann, tenant.pool, ben);
      expect(opening.newLikes).toBe(1);
      expect(opening.eventId).toBe(attention.eventId);
      expect((await memberAttention(ann, tenant.pool)).newLikes).toBe(2);
    } finally {
      await hub.stop();
      setDatabaseHandle(undefined);
    }
  });
});
