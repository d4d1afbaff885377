import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { trackingCookie } from "../../app/web/cookies.server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Uploads land in DATA_DIR/storage: a directory of this test's own, set before anything reads the environment.
const dataDir = vi.hoisted(() => {
  const dir = `/tmp/member-routes-${process.pid}`;
  process.env.DATA_DIR = dir;
  return dir;
});

import { likes, photos, profiles } from "../../db/schema/index";
import { likeMember } from "../../app/models/likes/likes.server";
import { countRequest, RATE_LIMITS } from "../../app/models/safety/rate-limits.server";
import { setDatabaseHandle } from "../../db/database.server";
import type { CurrentMember } from "../../app/models/members/current-member";
import { action as profileAction } from "../../app/routes/_default.profile";
import { loader as membersLoader } from "../../app/routes/_default.members._index";
import { action as memberAction, loader as memberLoader } from "../../app/routes/_default.members.$id";
import { tenantSchema, type Tenant } from "../../app/tenancy/schema";
import { contextFor, formOf } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { callRoute, statusOf } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
const base = tenantFixture({ id: "alpha", pool: "shared" });
const alpha = tenantSchema.parse({ ...base, settings: { ...base.settings, logged_out_search: "none", logged_out_search_trafficsource: "all" } });
const other = tenantSchema.parse(tenantFixture({ id: "other" }));

/** A woman born 1990-01-01 on the brand, as the session lookup gives her to loaders and actions. */
const addPerson = async (tenant: Tenant, name: string): Promise<CurrentMember> => (await createMember(handle.db, { tenant, name, gender: "female", birthDate: "1990-01-01" })).current;

function upload(member: CurrentMember, file: Blob, name = "photo.jpg") {
  const form = new FormData();
  form.set("intent", "upload-photo");
  form.set("photo", file, name);
  const request = new Request("http://alpha.example/profile", { method: "POST", body: form });
  return callRoute(profileAction({ request, context: contextFor(alpha, { member }), params: {} }));
}

beforeAll(async () => {
  setDatabaseHandle(handle);
});
afterAll(async () => {
  setDatabaseHandle(undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("/profile photo upload", () => {
  it("stores a real image, pending, and redirects back to the photos", async () => {
    const me = await addPerson(alpha, "Uma");
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#c35" } }).jpeg().toBuffer();
    const result = await upload(me, new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/profile#photos");
    const stored = await handle.db.select().from(photos).where(eq(photos.memberId, me.id));
    expect(stored).toMatchObject([{ status: "pending" }]);
  });

  it.each([
    ["a text file", new Blob(["just some text, not a picture"], { type: "text/plain" }), "notes.txt", "notAnImage"],
    ["a file that lies about its type (an SVG with a script, sent as JPEG)", new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script><rect width="400" height="400"/></svg>'], { type: "image/jpeg" }), "cute.jpg", "notAnImage"],
    ["a file over the size limit", new Blob([new Uint8Array(11 * 1024 * 1024)], { type: "image/jpeg" }), "huge.jpg", "tooLarge"],
  ])("refuses %s with a clear error and stores nothing", async (_label, blob, name, error) => {
    const me = await addPerson(alpha, "Ivo");
    const result = await upload(me, blob, name);
    expect(statusOf(result)).toBe(400);
    expect((result as { data: unknown }).data).toMatchObject({ ok: false, section: "photos", error });
    expect(await handle.db.select().from(photos).where(eq(photos.memberId, me.id))).toEqual([]);
  });

  it("refuses a form with more parts than a photo form has, before reading them", async () => {
    const me = await addPerson(alpha, "Flo");
    const form = new FormData();
    form.set("intent", "upload-photo");
    for (let i = 0; i < 20; i++) form.append(`field${i}`, "x".repeat(100));
    const request = new Request("http://alpha.example/profile", { method: "POST", body: form });
    const result = await callRoute(profileAction({ request, context: contextFor(alpha, { member: me }), params: {} }));
    expect(statusOf(result)).toBe(400);
    expect((result as { data: unknown }).data).toMatchObject({ section: "photos", error: "tooLarge" });
  });
});

describe("/profile sections", () => {
  it("keeps the profile unchanged and returns the errors when a name breaks the rules", async () => {
    const me = await addPerson(alpha, "Nina");
    const request = new Request("http://alpha.example/profile", { method: "POST", body: formOf({ intent: "basics", name: "@nina" }) });
    const result = await callRoute(profileAction({ request, context: contextFor(alpha, { member: me }), params: {} }));
    expect(statusOf(result)).toBe(400);
    expect(JSON.stringify((result as { data: unknown }).data)).toContain("validation.nameStartsWithAt");
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.memberId, me.id));
    expect(profile?.name).toBe("Nina");
  });

  it("refuses interests the brand does not offer", async () => {
    const me = await addPerson(alpha, "Ina");
    const form = new FormData();
    form.set("intent", "interests");
    form.append("interests", "music");
    form.append("interests", "sex_bondage");
    const result = await callRoute(profileAction({ request: new Request("http://alpha.example/profile", { method: "POST", body: form }), context: contextFor(alpha, { member: me }), params: {} }));
    expect(statusOf(result)).toBe(400);
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.memberId, me.id));
    expect(profile?.interests).toEqual([]);
  });
});

describe("/members and /members/{id}", () => {
  it("sends visitors to login when the brand has no logged-out search, unless they come from a traffic source it allows", async () => {
    const visitor = await callRoute(membersLoader({ request: new Request("http://alpha.example/members"), context: contextFor(alpha), params: {} }));
    expect((visitor as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fmembers");
    // An unsigned cookie (made up in the browser) is no traffic source.
    const forged = `tracking=${encodeURIComponent(btoa(JSON.stringify({ t: { network: "ads" }, at: Date.now() })))}`;
    const notFromSource = await callRoute(membersLoader({ request: new Request("http://alpha.example/members", { headers: { cookie: forged } }), context: contextFor(alpha), params: {} }));
    expect((notFromSource as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fmembers");
    const cookie = (await trackingCookie.serialize({ t: { network: "ads" }, at: Date.now() })).split(";")[0]!;
    const fromSource = await callRoute(membersLoader({ request: new Request("http://alpha.example/members", { headers: { cookie } }), context: contextFor(alpha), params: {} }));
    expect(statusOf(fromSource)).toBe(200);
  });

  it("shows only the pool's members, remembers the search in a cookie, and answers 404 for another pool's profile", async () => {
    const me = await addPerson(alpha, "Me");
    const sameBrand = await addPerson(alpha, "Same");
    const stranger = await addPerson(other, "Stranger");
    const result = await membersLoader({ request: new Request("http://alpha.example/members?search=1&gender=female"), context: contextFor(alpha, { member: me }), params: {} });
    expect(result.data.cards.map((card) => card.name)).toEqual(["Same"]);
    expect(result.init?.headers).toBeDefined();
    expect(new Headers(result.init!.headers).get("Set-Cookie")).toMatch(/^search=/);

    const own = await memberLoader({ request: new Request(`http://alpha.example/members/${sameBrand.id}`), context: contextFor(alpha, { member: me }), params: { id: String(sameBrand.id) } });
    expect(own.profile.name).toBe("Same");
    const foreign = await callRoute(memberLoader({ request: new Request(`http://alpha.example/members/${stranger.id}`), context: contextFor(alpha, { member: me }), params: { id: String(stranger.id) } }));
    expect(statusOf(foreign)).toBe(404);
    const nonsense = await callRoute(memberLoader({ request: new Request("http://alpha.example/members/abc"), context: contextFor(alpha, { member: me }), params: { id: "abc" } }));
    expect(statusOf(nonsense)).toBe(404);
  });

  it("keeps a visitor's results a minute for every visitor with the same search, never a member's", async () => {
    const open = tenantSchema.parse({ ...tenantFixture({ id: "open", pool: "open-pool" }) });
    const search = (query: string, member?: CurrentMember) =>
      membersLoader({ request: new Request(`http://open.example/members?search=1${query}`), context: contextFor(open, member ? { member } : {}), params: {} });
    const me = await addPerson(open, "Viewer");
    await addPerson(open, "Early");
    expect((await search("&gender=female")).data.cards.map((card) => card.name).sort()).toEqual(["Early", "Viewer"]);
    await addPerson(open, "Later");
    // The same search by another visitor within the minute: the kept results.
    expect((await search("&gender=female")).data.cards.map((card) => card.name).sort()).toEqual(["Early", "Viewer"]);
    // Another search, and any member's, are looked up.
    expect((await search("&gender=female&min_age=18")).data.cards.map((card) => card.name).sort()).toEqual(["Early", "Later", "Viewer"]);
    expect((await search("&gender=female", me)).data.cards.map((card) => card.name).sort()).toEqual(["Early", "Later"]);
  });

  it("blocking from a profile hides the blocker from the blocked member; blocking another pool's member is a 404", async () => {
    const me = await addPerson(alpha, "Me");
    const pest = await addPerson(alpha, "Pest");
    const stranger = await addPerson(other, "Stranger");
    const post = (target: number, intent: string) =>
      callRoute(memberAction({ request: new Request(`http://alpha.example/members/${target}`, { method: "POST", body: formOf({ intent }) }), context: contextFor(alpha, { member: me }), params: { id: String(target) } }));
    expect((await post(pest.id, "block")) as Response).toMatchObject({ status: 302 });
    const seenByPest = await callRoute(memberLoader({ request: new Request(`http://alpha.example/members/${me.id}`), context: contextFor(alpha, { member: pest }), params: { id: String(me.id) } }));
    expect(statusOf(seenByPest)).toBe(404);
    expect(statusOf(await post(stranger.id, "block"))).toBe(404);
    await post(pest.id, "unblock");
    const again = await memberLoader({ request: new Request(`http://alpha.example/members/${me.id}`), context: contextFor(alpha, { member: pest }), params: { id: String(me.id) } });
    expect(again.profile.name).toBe("Me");
  });

  it("a like turns seen only when its liker's profile is opened from this site, not from a link elsewhere (I-4)", async () => {
    const me = await addPerson(alpha, "Me");
    const fan = await addPerson(alpha, "Fan");
    await likeMember(handle.db, { likerId: fan.id, likedId: me.id, pool: alpha.pool, source: "profile" });
    const open = (site: string) =>
      memberLoader({ request: new Request(`http://alpha.example/members/${fan.id}`, { headers: { "sec-fetch-site": site } }), context: contextFor(alpha, { member: me }), params: { id: String(fan.id) } });
    const seenAt = async () => (await handle.db.select({ seenAt: likes.seenAt }).from(likes).where(eq(likes.likerId, fan.id)))[0]?.seenAt;
    await open("cross-site");
    expect(await seenAt()).toBeNull();
    await open("same-origin");
    expect(await seenAt()).toBeInstanceOf(Date);
  });

  it("an address that opens more profiles in an hour than a person reads gets a 429 with Retry-After and a translated reason (I-6)", async () => {
    // A brand that shows its members to visitors (alpha does not), same pool.
    const open = tenantSchema.parse(base);
    const target = await addPerson(alpha, "Target");
    const context = { ...contextFor(open), clientIp: "198.51.100.77" };
    const url = `http://alpha.example/members/${target.id}`;
    for (let i = 0; i < RATE_LIMITS.profileViewPerAddress.max; i++) await countRequest(handle.db, open.id, [[RATE_LIMITS.profileViewPerAddress, context.clientIp]]);
    const refused = await callRoute(memberLoader({ request: new Request(url), context, params: { id: String(target.id) } }));
    expect(statusOf(refused)).toBe(429);
    const { data: body, init } = refused as { data: { error: string; message: string }; init: ResponseInit };
    expect(Number(new Headers(init.headers).get("Retry-After"))).toBeGreaterThan(0);
    expect(body).toMatchObject({ error: "too_many_requests", message: expect.stringContaining("Te veel pogingen") });
    // Another address on the same brand is not affected, and a member behind the same address is counted as themselves (N-L-1).
    const other = await memberLoader({ request: new Request(url), context: contextFor(open), params: { id: String(target.id) } });
    expect(other.profile.name).toBe("Target");
    const reader = await addPerson(alpha, "Reader");
    const behindNat = await memberLoader({ request: new Request(url), context: { ...context, member: reader }, params: { id: String(target.id) } });
    expect(behindNat.profile.name).toBe("Target");
  });
});
