import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/index";
import { blockMember, unblockMember } from "../../app/models/safety/blocks.server";
import { likeMember } from "../../app/models/likes/likes.server";
import { countMatches, searchConditions, searchMembers, type SearchScope } from "../../app/models/search/member-search.server";
import { decodeCursor, encodeCursor } from "../../app/models/members/member-cards.server";
import type { SearchFilters } from "../../app/models/search/search-filters";
import { LocalDiskStorage } from "../../app/services/storage/local-disk.server";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember, type MemberOverrides } from "../fixtures/members";

const handle = testDatabasePerFile();
const storage = new LocalDiskStorage("/tmp/unused-search-storage", "/tmp/unused-search-storage/public-media");
const NOW = new Date("2026-06-15T12:00:00Z");

/** A woman of 36 in Noord-Holland on brand alpha (pool "shared"), active an hour before NOW unless told otherwise. */
const person = async ({ minutesAgo = 60, ...p }: MemberOverrides & { minutesAgo?: number }) =>
  (await createMember(handle.db, { siteId: "alpha", pool: "shared", gender: "female", birthDate: "1990-01-01", country: "NL", region: "NL-NH", bodyType: "normal", lastActiveAt: new Date(NOW.getTime() - minutesAgo * 60_000), ...p })).id;

async function names(scope: SearchScope, filters: SearchFilters = {}): Promise<string[]> {
  const page = await searchMembers(handle.db, storage, { scope, filters, limit: 100, now: NOW });
  return page.cards.map((card) => card.name).sort();
}


describe("searchMembers: who is found", () => {
  it("finds only the member pool's listed profiles: other pools, hidden, unconfirmed, disabled and deleting accounts never", async () => {
    const viewer = await person({ name: "Viewer", gender: "male" });
    await person({ name: "Anna" });
    await person({ name: "Bea", siteId: "beta" }); // another brand, same pool
    await person({ name: "Cleo", status: "not_confirmed" });
    await person({ name: "Other", pool: "elsewhere", siteId: "gamma" });
    await person({ name: "Hidden", invisible: true });
    await person({ name: "Disabled", status: "disabled" });
    await person({ name: "Leaving", status: "deletion_requested" });
    await person({ name: "Gone", status: "deleted" });
    expect(await names({ pool: "shared", viewerId: viewer, siteId: "alpha" })).toEqual(["Anna", "Bea"]);
    expect(await names({ pool: "elsewhere", viewerId: null, siteId: "alpha" })).toEqual(["Other"]);
  });

  it("hides blocked members in both directions, and shows them again after unblocking", async () => {
    const viewer = await person({ name: "Viewer", gender: "male" });
    const blockedByViewer = await person({ name: "Blocked" });
    const blocker = await person({ name: "Blocker" });
    await person({ name: "Free" });
    expect(await blockMember(handle.db, { blockerId: viewer, blockedId: blockedByViewer, pool: "shared" })).toBe(true);
    expect(await blockMember(handle.db, { blockerId: blocker, blockedId: viewer, pool: "shared" })).toBe(true);
    expect(await names({ pool: "shared", viewerId: viewer, siteId: "alpha" })).toEqual(["Free"]);
    // The blocked member no longer sees the blocker either.
    expect(await names({ pool: "shared", viewerId: blockedByViewer, siteId: "alpha" })).not.toContain("Viewer");
    await unblockMember(handle.db, { blockerId: viewer, blockedId: blockedByViewer });
    expect(await names({ pool: "shared", viewerId: viewer, siteId: "alpha" })).toEqual(["Blocked", "Free"]);
  });

  it("cannot block across pools, oneself, hidden members or a blocker: blocking reveals no one", async () => {
    const viewer = await person({ name: "Viewer" });
    const stranger = await person({ name: "Stranger", pool: "elsewhere", siteId: "gamma" });
    const hidden = await person({ name: "Hidden", invisible: true });
    const disabled = await person({ name: "Disabled", status: "disabled" });
    const blocker = await person({ name: "Blocker" });
    await blockMember(handle.db, { blockerId: blocker, blockedId: viewer, pool: "shared" });
    for (const target of [stranger, viewer, hidden, disabled, blocker]) {
      expect(await blockMember(handle.db, { blockerId: viewer, blockedId: target, pool: "shared" })).toBe(false);
    }
    // A repeated block of someone already blocked stays a success.
    const pest = await person({ name: "Pest" });
    expect(await blockMember(handle.db, { blockerId: viewer, blockedId: pest, pool: "shared" })).toBe(true);
    expect(await blockMember(handle.db, { blockerId: viewer, blockedId: pest, pool: "shared" })).toBe(true);
  });
});

describe("searchMembers: filters", () => {
  beforeEach(async () => {
    await person({ name: "Fem25NH", gender: "female", birthDate: "2001-03-01", country: "NL", region: "NL-NH", bodyType: "slim" });
    await person({ name: "Fem40ZH", gender: "female", birthDate: "1986-01-10", country: "NL", region: "NL-ZH", bodyType: "normal" });
    await person({ name: "Male30BE", gender: "male", birthDate: "1996-01-01", country: "BE", region: "BE-VAN", bodyType: "fat" });
    await person({ name: "Male60NH", gender: "male", birthDate: "1966-06-15", country: "NL", region: "NL-NH", bodyType: "slim", photo: "active" });
  });
  const scope: SearchScope = { pool: "shared", viewerId: null, siteId: "alpha" };

  it("by gender, country and region", async () => {
    expect(await names(scope, { gender: "female" })).toEqual(["Fem25NH", "Fem40ZH"]);
    expect(await names(scope, { country: "BE" })).toEqual(["Male30BE"]);
    expect(await names(scope, { country: "NL", region: "NL-NH" })).toEqual(["Fem25NH", "Male60NH"]);
  });

  it("by age, on the birthday itself included", async () => {
    expect(await names(scope, { min_age: 30, max_age: 40 })).toEqual(["Fem40ZH", "Male30BE"]);
    // Male60NH turns 60 today (NOW is 2026-06-15).
    expect(await names(scope, { min_age: 60 })).toEqual(["Male60NH"]);
    expect(await names(scope, { max_age: 59 })).toEqual(["Fem25NH", "Fem40ZH", "Male30BE"]);
  });

  it("by the details a brand enables: body type and having a photo (an approved one, as the card shows)", async () => {
    await person({ name: "Checking", photo: "pending" });
    expect(await names(scope, { body_type: "slim" })).toEqual(["Fem25NH", "Male60NH"]);
    expect(await names(scope, { has_photo: true })).toEqual(["Male60NH"]);
  });

  it("counts what matches", async () => {
    expect(await countMatches(handle.db, scope, { gender: "male" }, NOW)).toBe(2);
    expect(await countMatches(handle.db, scope, { gender: "male", country: "NL", min_age: 18, max_age: 20 }, NOW)).toBe(0);
  });
});

describe("searchMembers: cards and pages", () => {
  it("shows an approved main photo only, the age, and who is online", async () => {
    await person({ name: "WithPhoto", photo: "active", minutesAgo: 5 });
    await person({ name: "Checking", photo: "pending", minutesAgo: 120 });
    const page = await searchMembers(handle.db, storage, { scope: { pool: "shared", viewerId: null, siteId: "alpha" }, filters: {}, limit: 10, now: NOW });
    const byName = Object.fromEntries(page.cards.map((card) => [card.name, card]));
    expect(byName.WithPhoto).toMatchObject({ onlineRecently: true, age: 36 });
    expect(byName.WithPhoto!.photoUrl).toMatch(/^\/media\/photos\/aa\/\d+-thumb\.webp$/);
    expect(byName.Checking).toMatchObject({ onlineRecently: false, photoUrl: null });
    expect(Object.keys(byName.WithPhoto!)).not.toContain("birthDate");
  });

  it("tells a member whom they liked, and visitors nothing", async () => {
    const viewer = await person({ name: "Viewer", gender: "male" });
    const anna = await person({ name: "Anna" });
    await person({ name: "Bea" });
    await likeMember(handle.db, { likerId: viewer, likedId: anna, pool: "shared", source: "search" });
    const forMember = await searchMembers(handle.db, storage, { scope: { pool: "shared", viewerId: viewer, siteId: "alpha" }, filters: { gender: "female" }, limit: 10, now: NOW });
    expect(Object.fromEntries(forMember.cards.map((card) => [card.name, card.liked]))).toEqual({ Anna: true, Bea: false });
    const forVisitor = await searchMembers(handle.db, storage, { scope: { pool: "shared", viewerId: null, siteId: "alpha" }, filters: { gender: "female" }, limit: 10, now: NOW });
    expect(forVisitor.cards.every((card) => card.liked === undefined)).toBe(true);
  });

  it("pages with keyset cursors, most recently active first: no gaps, no repeats, and back again", async () => {
    for (let i = 0; i < 7; i++) await person({ name: `P${i}`, minutesAgo: i % 3 }); // equal activity times too
    const scope = { pool: "shared", viewerId: null, siteId: "alpha" };
    const seen: string[] = [];
    let after = null;
    const pages = [];
    do {
      const page = await searchMembers(handle.db, storage, { scope, filters: {}, after, limit: 3, now: NOW });
      pages.push(page);
      seen.push(...page.cards.map((c) => c.name));
      after = page.next;
    } while (after);
    expect(pages).toHaveLength(3);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 3).every((name) => ["P0", "P3", "P6"].includes(name))).toBe(true);
    const back = await searchMembers(handle.db, storage, { scope, filters: {}, before: pages[1]!.previous, limit: 3, now: NOW });
    expect(back.cards.map((c) => c.name)).toEqual(pages[0]!.cards.map((c) => c.name));
    expect(back.previous).toBeNull();
    expect(decodeCursor(encodeCursor(pages[0]!.next!))).toEqual(pages[0]!.next);
  });

  it("ignores malformed cursors", () => {
    expect(decodeCursor("not-base64-json")).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify(["2026-01-01 00:00:00+00'; drop table x", 1])).toString("base64url"))).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify(["2026-01-01 10:00:00.123456+00", -1])).toString("base64url"))).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify(["2026-13-45 99:99:99+00", 1])).toString("base64url"))).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify(["2026-02-28 23:59:59.5+01", 7])).toString("base64url"))).toEqual({ at: "2026-02-28 23:59:59.5+01", id: 7 });
  });
});

describe("search indexes", () => {
  /** The plan for a search, with sequential scans priced out so the tiny test table cannot hide a missing index. */
  async function plan(filters: SearchFilters): Promise<string> {
    return handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select ${profiles.memberId} from ${profiles} where ${searchConditions(handle.db, { pool: "shared", viewerId: 1, siteId: "alpha" }, filters, NOW)} order by ${profiles.lastActiveAt} desc, ${profiles.memberId} desc limit 25`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<Record<string, string>>;
      return rows.map((row) => Object.values(row)[0]).join("\n");
    });
  }

  it("serve every kind of search from a search index, checking the filters inside the index", async () => {
    // Which of the three the planner picks depends on the data (bench/search.ts shows the choices at
    // 1M profiles); on any of them the pool and every filter column must be index conditions.
    const cases: Array<[SearchFilters, string[]]> = [
      [{}, []],
      [{ gender: "female", min_age: 25, max_age: 35 }, ["gender", "birth_date"]],
      [{ gender: "male", country: "NL", region: "NL-NH", min_age: 30, max_age: 40 }, ["gender", "country", "region", "birth_date"]],
    ];
    for (const [filters, columns] of cases) {
      const text = await plan(filters);
      expect(text).toMatch(/Index (Only )?Scan( Backward)? using profiles_pool_(search|recent|place)_idx on profiles/);
      const condition = /Index Cond: (.*)/.exec(text)?.[1] ?? "";
      expect(condition).toMatch(/^\(+pool = 'shared'::text\)/);
      for (const column of columns) expect(condition).toContain(`(${column} `);
      expect(text).not.toMatch(/Seq Scan on profiles/);
    }
  });
});
