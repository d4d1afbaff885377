import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { likes, profiles } from "../../db/schema/index";
import { autoLike } from "../../app/models/likes/auto-like.server";
import { blockMember } from "../../app/models/safety/blocks.server";
import { likeMember, likesList, markLikeSeen, newLikesCount, unlikeMember, unseenMatch } from "../../app/models/likes/likes.server";
import { fitScore, matchSuggestions } from "../../app/models/likes/match-finder.server";
import { passProfile, swipeLimit, swipeState } from "../../app/models/likes/swipe-game.server";
import { LocalDiskStorage } from "../../app/services/storage/local-disk.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember, type MemberOverrides } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
const storage = new LocalDiskStorage("/tmp/unused-likes-storage", "/tmp/unused-likes-storage/public-media");
const base = tenantFixture({ id: "alpha", pool: "shared" });
const alpha = tenantSchema.parse({ ...base, settings: { ...base.settings, auto_likes: "fictional" } });
const NOW = new Date("2026-06-15T12:00:00Z");

/** A woman of 36 in Noord-Holland, brand alpha, active an hour before NOW unless told otherwise. */
const person = async ({ hoursAgo = 1, ...p }: MemberOverrides & { hoursAgo?: number }) =>
  (await createMember(handle.db, { tenant: alpha, gender: "female", birthDate: "1990-01-01", country: "NL", region: "NL-NH", lastActiveAt: new Date(NOW.getTime() - hoursAgo * 3_600_000), ...p })).id;

const like = (likerId: number, likedId: number, source: "profile" | "swipe" = "profile") => likeMember(handle.db, { likerId, likedId, pool: "shared", source });
const rowsBetween = (a: number, b: number) => handle.db.select().from(likes).where(and(eq(likes.likerId, a), eq(likes.likedId, b)));


describe("likeMember", () => {
  it("stores one like however many clicks arrive at once", async () => {
    const a = await person({ name: "Ann" });
    const b = await person({ name: "Ben", gender: "male" });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => like(a, b)));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    // Exactly one of them made the like (and may send the one mail about it).
    expect(outcomes.filter((o) => o.ok && o.created)).toHaveLength(1);
    expect(await rowsBetween(a, b)).toHaveLength(1);
  });

  it("makes a match of mutual likes, also when both like at the same moment, and unliking undoes it for both", async () => {
    const a = await person({ name: "Ann" });
    const b = await person({ name: "Ben", gender: "male" });
    const [first, second] = await Promise.all([like(a, b), like(b, a)]);
    expect([first, second].filter((o) => o.ok && o.match)).toHaveLength(1);
    expect((await rowsBetween(a, b))[0]?.matchedAt).not.toBeNull();
    expect((await rowsBetween(b, a))[0]?.matchedAt).not.toBeNull();
    // The one whose like made the match saw it at once; the other is shown it later.
    const pending = (await unseenMatch(handle.db, storage, a, "shared")) ?? (await unseenMatch(handle.db, storage, b, "shared"));
    expect(pending).not.toBeNull();
    await unlikeMember(handle.db, a, b);
    expect(await rowsBetween(a, b)).toHaveLength(0);
    expect((await rowsBetween(b, a))[0]?.matchedAt).toBeNull();
  });

  it("refuses likes across pools, to hidden members, oneself and between blocked members; blocking removes likes", async () => {
    const a = await person({ name: "Ann" });
    const stranger = await person({ name: "Sam", pool: "elsewhere" });
    const hidden = await person({ name: "Hid", listed: false });
    const b = await person({ name: "Ben" });
    for (const target of [stranger, hidden, a]) expect(await like(a, target)).toEqual({ ok: false, reason: "unavailable" });
    await like(b, a);
    await blockMember(handle.db, { blockerId: a, blockedId: b, pool: "shared" });
    expect(await rowsBetween(b, a)).toHaveLength(0);
    expect(await like(b, a)).toEqual({ ok: false, reason: "unavailable" });
    expect(await like(a, b)).toEqual({ ok: false, reason: "unavailable" });
  });
});

describe("likes lists and badges", () => {
  it("flags received likes as new until the liker's profile is opened, and lists matches", async () => {
    const me = await person({ name: "Me" });
    const fan = await person({ name: "Fan" });
    const crush = await person({ name: "Crush" });
    await like(fan, me);
    await like(me, crush);
    await like(crush, me);
    expect(await newLikesCount(handle.db, me, "shared")).toBe(2);
    const received = await likesList(handle.db, storage, { memberId: me, pool: "shared", tab: "received" });
    expect(received.map((c) => [c.name, c.isNew, c.matched])).toEqual([
      ["Crush", true, true],
      ["Fan", true, false],
    ]);
    await markLikeSeen(handle.db, me, fan);
    expect(await newLikesCount(handle.db, me, "shared")).toBe(1);
    expect((await likesList(handle.db, storage, { memberId: me, pool: "shared", tab: "given" })).map((c) => c.name)).toEqual(["Crush"]);
    expect((await likesList(handle.db, storage, { memberId: me, pool: "shared", tab: "matches" })).map((c) => c.name)).toEqual(["Crush"]);
    // A liker who goes invisible drops out of lists and badges.
    await handle.db.update(profiles).set({ listed: false }).where(eq(profiles.memberId, crush));
    expect(await newLikesCount(handle.db, me, "shared")).toBe(0);
    expect(await likesList(handle.db, storage, { memberId: me, pool: "shared", tab: "matches" })).toEqual([]);
  });
});

describe("swipe game", () => {
  it("allows 4 likes a day even when they arrive at once, and passed or liked profiles do not come back that day", async () => {
    const me = await person({ name: "Me", gender: "male" });
    const others = await Promise.all(Array.from({ length: 8 }, (_, i) => person({ name: `W${i}`, hoursAgo: i })));
    const limit = swipeLimit(alpha, new Date());
    const results = await Promise.all(others.map((id) => likeMember(handle.db, { likerId: me, likedId: id, pool: "shared", source: "swipe", dailyLimit: limit })));
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    expect(results.filter((r) => !r.ok && r.reason === "dailyLimit")).toHaveLength(4);
    const state = await swipeState(handle.db, storage, { tenant: alpha, memberId: me, filters: { gender: "female" } });
    expect(state.remaining).toBe(0);
    expect(state.resetsInMs).toBeGreaterThan(0);
    expect(state.resetsInMs).toBeLessThanOrEqual(25 * 3_600_000);
    const liked = new Set((await handle.db.select({ id: likes.likedId }).from(likes).where(eq(likes.likerId, me))).map((r) => r.id));
    expect(state.candidate && liked.has(state.candidate.id)).toBe(false);
    // Taking a swipe like back does not give it back for today.
    await unlikeMember(handle.db, me, [...liked][0]!);
    expect(await likeMember(handle.db, { likerId: me, likedId: [...liked][0]!, pool: "shared", source: "swipe", dailyLimit: limit })).toEqual({ ok: false, reason: "dailyLimit" });
    expect(await passProfile(handle.db, { tenant: alpha, memberId: me, passedId: 999_999 })).toBe(false);
    await passProfile(handle.db, { tenant: alpha, memberId: me, passedId: state.candidate!.id });
    const after = await swipeState(handle.db, storage, { tenant: alpha, memberId: me, filters: { gender: "female" } });
    expect(after.candidate?.id).not.toBe(state.candidate!.id);
  });
});

describe("matchfinder", () => {
  it("ranks by fit: region, shared interests, age and activity, not at random", async () => {
    const me = await person({ name: "Me", gender: "male", birthDate: "1990-01-01", region: "NL-UT", interests: ["music", "hiking", "cooking"] });
    await person({ name: "Far", birthDate: "1960-01-01", region: "NL-GR", interests: [], hoursAgo: 24 * 30 });
    await person({ name: "Near", birthDate: "1991-01-01", region: "NL-UT", interests: ["music", "hiking"], hoursAgo: 2 });
    await person({ name: "Half", birthDate: "1985-01-01", region: "NL-GR", interests: ["music"], hoursAgo: 2 });
    await person({ name: "Man", gender: "male", region: "NL-UT", interests: ["music", "hiking", "cooking"] });
    const ranked = await matchSuggestions(handle.db, storage, { tenant: alpha, memberId: me, filters: { gender: "female" }, now: NOW });
    expect(ranked.map((c) => c.name)).toEqual(["Near", "Half", "Far"]);
    expect(ranked[0]!.sharedInterests).toBe(2);
    const facts = { birthDate: "1990-01-01", country: "NL", region: "NL-UT", interests: ["music"], lastActiveAt: NOW };
    expect(fitScore(facts, { ...facts }, NOW)).toBeGreaterThan(fitScore(facts, { ...facts, region: "NL-GR" }, NOW));
  });
});

describe("auto-like", () => {
  it("returns the newest unseen like, else has a fictional profile like the member once", async () => {
    const me = await person({ name: "Me", gender: "male" });
    const fan = await person({ name: "Fan" });
    await like(fan, me);
    expect((await autoLike(handle.db, storage, { tenant: alpha, memberId: me }))?.matchPath).toBe(`/likes/m/${fan}`);
    await markLikeSeen(handle.db, me, fan);
    expect(await autoLike(handle.db, storage, { tenant: alpha, memberId: me })).toBeNull(); // no fictional profile with a photo
    const none = tenantSchema.parse({ ...base, settings: { ...base.settings, auto_likes: "none" } });
    expect(await autoLike(handle.db, storage, { tenant: none, memberId: me })).toBeNull();

    const fiona = await person({ name: "Fiona", fictional: true, photo: "active" });
    expect(await autoLike(handle.db, storage, { tenant: none, memberId: me })).toBeNull();
    const auto = await autoLike(handle.db, storage, { tenant: alpha, memberId: me, lookingFor: "female" });
    expect(auto).toMatchObject({ id: fiona, name: "Fiona", matchPath: `/likes/m/${fiona}` });
    expect((await rowsBetween(fiona, me))[0]?.source).toBe("auto");
    // Asked again, the same like is returned; no second fictional like is made.
    expect((await autoLike(handle.db, storage, { tenant: alpha, memberId: me }))?.id).toBe(fiona);
    expect(await handle.db.select().from(likes).where(eq(likes.likedId, me))).toHaveLength(2);
  });
});
