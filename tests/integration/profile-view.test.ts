import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/index";
import { blockMember } from "../../app/models/safety/blocks.server";
import { deletePhoto, moderatePhoto, setMainPhoto, uploadPhoto } from "../../app/models/profiles/photos.server";
import { viewProfile } from "../../app/models/profiles/profile-view.server";
import type { CurrentMember } from "../../app/models/members/current-member";
import { LocalDiskStorage } from "../../app/services/storage/local-disk.server";
import { tenantSchema, type Tenant } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember, type MemberOverrides } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
let storageDir: string;
let storage: LocalDiskStorage;
/** A brand showing every profile field, with music and hiking among its interests. */
function brand(id: string, pool?: string): Tenant {
  const base = tenantFixture(pool ? { id, pool } : { id });
  return tenantSchema.parse({
    ...base,
    settings: {
      ...base.settings,
      visible_profile_fields: ["name", "country", "region", "city", "gender", "sexuality", "date_of_birth", "signup_reason", "tattoos", "hair_colour", "eye_colour", "body_type", "relationship_status", "interests", "about"],
      interests: ["music", "hiking", "cooking"],
    },
  });
}
const alpha = brand("alpha", "shared");
const beta = brand("beta", "shared");
const other = brand("other");
const NOW = new Date("2026-06-15T12:00:00Z");

/** A bisexual woman in Utrecht, 36 tomorrow, with tattoos, an about text, and music, hiking and sex_bondage among her interests. */
const member = async (tenant: Tenant, name: string, extra: MemberOverrides = {}) =>
  (await createMember(handle.db, { tenant, name, gender: "female", sexuality: "bi", birthDate: "1990-06-16", country: "NL", region: "NL-UT", city: "Utrecht", tattoos: "some", interests: ["music", "hiking", "sex_bondage"], about: "Hallo", ...extra })).id;

function viewer(id: number, tenant: Tenant, paidUser = false): CurrentMember {
  return {
    id,
    siteId: tenant.id,
    email: "viewer@example.com",
    status: "active",
    language: "nl",
    credits: 0,
    freeMessages: 0,
    paidUser,
    invisible: false,
    notificationsDisabled: [],
  promptsSnoozed: {},
  lastChatId: null,
    createdAt: NOW,
    name: "Viewer",
    thumbKey: null,
  };
}

const image = (colour: string) => sharp({ create: { width: 400, height: 400, channels: 3, background: colour } }).jpeg().toBuffer();

async function approvedPhotos(memberId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const result = await uploadPhoto(handle.db, storage, { memberId, paidUser: true, data: await image(["#a33", "#3a3", "#33a", "#aa3"][i]!) });
    if (!result.ok) throw new Error(result.reason);
    await moderatePhoto(handle.db, result.photoId, { status: "active" });
    ids.push(result.photoId);
  }
  return ids;
}

beforeAll(async () => {
  storageDir = mkdtempSync(path.join(tmpdir(), "profile-view-"));
  storage = new LocalDiskStorage(storageDir, path.join(storageDir, "public-media"));
});
afterAll(async () => {
  rmSync(storageDir, { recursive: true, force: true });
});

describe("viewProfile: who may see a profile (else 404)", () => {
  it("shows members of the same pool, also across brands, and hides the rest", async () => {
    const me = await member(alpha, "Me");
    const samePool = await member(beta, "Bea");
    const otherPool = await member(other, "Olga");
    const view = (id: number) => viewProfile(handle.db, storage, { tenant: alpha, viewer: viewer(me, alpha), memberId: id, now: NOW });
    expect((await view(samePool))?.name).toBe("Bea");
    expect(await view(otherPool)).toBeNull();
    expect(await view(999_999)).toBeNull();
  });

  it("answers nothing for disabled, deleting, deleted and invisible members, but owners see themselves", async () => {
    const me = await member(alpha, "Me");
    for (const extra of [{ status: "disabled" as const }, { status: "deletion_requested" as const }, { status: "deleted" as const }, { invisible: true }]) {
      const id = await member(alpha, "Hidden", extra);
      expect(await viewProfile(handle.db, storage, { tenant: alpha, viewer: viewer(me, alpha), memberId: id, now: NOW })).toBeNull();
      expect(await viewProfile(handle.db, storage, { tenant: alpha, viewer: null, memberId: id, now: NOW })).toBeNull();
    }
    const invisibleMe = await member(alpha, "Shy", { invisible: true });
    expect((await viewProfile(handle.db, storage, { tenant: alpha, viewer: viewer(invisibleMe, alpha), memberId: invisibleMe, now: NOW }))?.isOwn).toBe(true);
  });

  it("hides a blocker from the member they blocked; the blocker still sees them, to unblock", async () => {
    const blocker = await member(alpha, "Blocker");
    const blocked = await member(alpha, "Blocked");
    await blockMember(handle.db, { blockerId: blocker, blockedId: blocked, pool: "shared" });
    expect(await viewProfile(handle.db, storage, { tenant: alpha, viewer: viewer(blocked, alpha), memberId: blocker, now: NOW })).toBeNull();
    const seen = await viewProfile(handle.db, storage, { tenant: alpha, viewer: viewer(blocker, alpha), memberId: blocked, now: NOW });
    expect(seen?.blockedByViewer).toBe(true);
  });
});

describe("viewProfile: what is shown", () => {
  it("the age, never the birth date; only the brand's visible fields and interests", async () => {
    const id = await member(alpha, "Anna");
    const view = await viewProfile(handle.db, storage, { tenant: alpha, viewer: null, memberId: id, now: NOW });
    expect(view?.age).toBe(35); // turns 36 tomorrow
    expect(JSON.stringify(view)).not.toContain("1990");
    expect(view?.region).toBe("Utrecht");
    expect(view?.details).toMatchObject({ sexuality: "bi", tattoos: "some" });
    expect(view?.interests).toEqual(["music", "hiking"]); // sex_bondage is not one of this brand's interests

    const terse = tenantSchema.parse({ ...alpha, settings: { ...alpha.settings, visible_profile_fields: ["name", "city", "gender"] } });
    const limited = await viewProfile(handle.db, storage, { tenant: terse, viewer: null, memberId: id, now: NOW });
    expect(limited).toMatchObject({ name: "Anna", age: null, city: "Utrecht", region: null, about: null, interests: [], details: {} });
  });

  it("marks fictional profiles", async () => {
    const id = await member(alpha, "Fiona", { fictional: true });
    expect((await viewProfile(handle.db, storage, { tenant: alpha, viewer: null, memberId: id, now: NOW }))?.isFictional).toBe(true);
  });
});

describe("viewProfile: photos", () => {
  it("locks photos beyond the first for visitors and free members, sending no address for them; premium members see all", async () => {
    const owner = await member(alpha, "Owner");
    const free = await member(alpha, "Free");
    await approvedPhotos(owner, 3);
    const visitorView = await viewProfile(handle.db, storage, { tenant: alpha, viewer: null, memberId: owner, now: NOW });
    expect(visitorView?.photoLock).toBe("login");
    expect(visitorView?.photos.map((p) => p.locked)).toEqual([false, true, true]);
    const lockedPhoto = visitorView!.photos[1]!;
    expect(lockedPhoto).not.toHaveProperty("url");
    expect(lockedPhoto.locked && lockedPhoto.preview).toMatch(/^data:image\/webp;base64,/);

    const freeView = await viewProfile(handle.db, storage, { tenant: alpha, viewer: viewer(free, alpha), memberId: owner, now: NOW });
    expect(freeView?.photoLock).toBe("premium");
    expect(freeView?.photos.filter((p) => p.locked)).toHaveLength(2);

    const premiumView = await viewProfile(handle.db, storage, { tenant: alpha, viewer: viewer(free, alpha, true), memberId: owner, now: NOW });
    expect(premiumView?.photoLock).toBe("none");
    expect(premiumView?.photos.every((p) => !p.locked)).toBe(true);
  });

  it("shows a photo being checked to its owner only, and the chosen main photo first", async () => {
    const owner = await member(alpha, "Owner");
    const other = await member(alpha, "Other");
    const [first, second] = await approvedPhotos(owner, 2);
    const pending = await uploadPhoto(handle.db, storage, { memberId: owner, paidUser: false, data: await image("#777") });
    if (!pending.ok) throw new Error(pending.reason);
    const asOther = await viewProfile(handle.db, storage, { tenant: alpha, viewer: viewer(other, alpha, true), memberId: owner, now: NOW });
    expect(asOther?.photos.map((p) => p.id)).toEqual([first, second]);
    const asOwner = await viewProfile(handle.db, storage, { tenant: alpha, viewer: viewer(owner, alpha), memberId: owner, now: NOW });
    expect(asOwner?.photos.map((p) => p.id)).toEqual([first, second, pending.photoId]);
    expect(asOwner?.photos.map((p) => !p.locked && p.pending)).toEqual([false, false, true]);

    expect(await setMainPhoto(handle.db, storage, owner, second!)).toBe(true);
    expect(await setMainPhoto(handle.db, storage, owner, pending.photoId)).toBe(false); // not approved yet
    expect(await setMainPhoto(handle.db, storage, other, first!)).toBe(false); // not theirs
    const reordered = await viewProfile(handle.db, storage, { tenant: alpha, viewer: viewer(other, alpha, true), memberId: owner, now: NOW });
    expect(reordered?.photos.map((p) => p.id)).toEqual([second, first]);
  });

  it("an approved photo takes over from a main photo still being checked", async () => {
    const owner = await member(alpha, "Owner");
    const first = await uploadPhoto(handle.db, storage, { memberId: owner, paidUser: false, data: await image("#123") });
    const second = await uploadPhoto(handle.db, storage, { memberId: owner, paidUser: false, data: await image("#456") });
    if (!first.ok || !second.ok) throw new Error("upload failed");
    const mainOf = async () => (await handle.db.select().from(profiles).where(eq(profiles.memberId, owner)))[0]?.mainPhotoId;
    expect(await mainOf()).toBe(first.photoId); // pending, but the owner's first photo
    await moderatePhoto(handle.db, second.photoId, { status: "active" });
    expect(await mainOf()).toBe(second.photoId);
    await moderatePhoto(handle.db, first.photoId, { status: "active" });
    expect(await mainOf()).toBe(second.photoId); // an approved main photo stays
  });

  it("deleting the main photo makes the next approved one the main photo and removes the files", async () => {
    const owner = await member(alpha, "Owner");
    const [first, second] = await approvedPhotos(owner, 2);
    expect(await deletePhoto(handle.db, storage, 999_999, first!)).toBe(false);
    expect(await deletePhoto(handle.db, storage, owner, first!)).toBe(true);
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.memberId, owner));
    expect(profile?.mainPhotoId).toBe(second);
    await deletePhoto(handle.db, storage, owner, second!);
    const [after] = await handle.db.select().from(profiles).where(eq(profiles.memberId, owner));
    expect(after?.mainPhotoId).toBeNull();
  });
});
