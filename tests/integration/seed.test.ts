import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, isNotNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { discountCodes, members, photos, profiles, staffMembers } from "../../db/schema/index";
import { seedBulk } from "../../db/seed/bulk.server";
import { seedDemo } from "../../db/seed/seed.server";
import { demoLoginsPresent, seedDemoAccounts } from "../../db/seed/demo-accounts.server";
import { recentMemberTeasers } from "../../app/models/search/member-teasers.server";
import { LocalDiskStorage } from "../../app/services/storage/local-disk.server";
import { TenantRegistry } from "../../app/tenancy/registry";
import { tenantSchema } from "../../app/tenancy/schema";
import { ageOn } from "../../app/utils/age";
import { createTestDatabase } from "../fixtures/database";
import { tenantFixture } from "../fixtures/tenant";

const gay = tenantSchema.parse(tenantFixture({ id: "gayclub", niche: 7, domains: ["gayclub.example"], countries: ["DK"], domain_language: "da-DK" }));
const gilf = tenantSchema.parse(
  tenantFixture({ id: "silver", niche: 5, domains: ["silver.example"], countries: ["SE", "FI"], domain_language: "sv-SE" }),
);
const registry = new TenantRegistry([gay, gilf]);

let handle: DatabaseHandle;
let storageDir: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  handle = await createTestDatabase();
  storageDir = mkdtempSync(path.join(tmpdir(), "storage-"));
  storage = new LocalDiskStorage(storageDir, path.join(storageDir, "public-media"));
  await seedDemo(handle.db, registry, storage, { perPool: 40 });
});

afterAll(async () => {
  await handle.close();
  rmSync(storageDir, { recursive: true, force: true });
});

describe("demo seed", () => {
  it("creates the requested number of profiles in every pool", async () => {
    const rows = await handle.db.select({ pool: profiles.pool, n: count() }).from(profiles).groupBy(profiles.pool);
    expect(Object.fromEntries(rows.map((r) => [r.pool, r.n]))).toEqual({ gayclub: 40, silver: 40 });
  });

  it("does not duplicate anything when run twice", async () => {
    const [photosBefore] = await handle.db.select({ n: count() }).from(photos);
    await seedDemo(handle.db, registry, storage, { perPool: 40 });
    const [memberCount] = await handle.db.select({ n: count() }).from(members);
    const [photosAfter] = await handle.db.select({ n: count() }).from(photos);
    expect(memberCount?.n).toBe(80);
    expect(photosAfter?.n).toBe(photosBefore?.n);
  });

  it("gives some people a small gallery of approved photos with blurred previews, main photo first", async () => {
    const perMember = await handle.db
      .select({ memberId: photos.memberId, n: count() })
      .from(photos)
      .groupBy(photos.memberId);
    const [withPhoto] = await handle.db.select({ n: count() }).from(profiles).where(isNotNull(profiles.mainPhotoId));
    expect(perMember).toHaveLength(withPhoto!.n);
    expect(perMember.filter((m) => m.n === 3).length).toBeGreaterThan(0);
    expect(perMember.every((m) => m.n === 1 || m.n === 3)).toBe(true);
    const all = await handle.db.select().from(photos);
    expect(all.every((photo) => photo.status === "active" && photo.preview?.startsWith("data:image/webp;base64,"))).toBe(true);
  });

  it("fits people to the niche: the gay brand has men seeking men", async () => {
    const rows = await handle.db.select().from(profiles).where(eq(profiles.pool, "gayclub"));
    expect(rows.every((p) => p.gender === "male" && (p.sexuality === "gay" || p.sexuality === "bi"))).toBe(true);
    expect(rows.every((p) => p.country === "DK" && p.city && p.region?.startsWith("DK-"))).toBe(true);
  });

  it("fits ages to the niche and the brand's countries", async () => {
    const rows = await handle.db.select().from(profiles).where(eq(profiles.pool, "silver"));
    const women = rows.filter((p) => p.gender === "female");
    expect(women.length).toBeGreaterThan(rows.length / 2);
    expect(women.every((p) => ageOn(p.birthDate!) >= 60)).toBe(true);
    expect(rows.every((p) => p.country === "SE" || p.country === "FI")).toBe(true);
  });

  it("writes about-me texts in the brand's language and flags some profiles fictional", async () => {
    const all = await handle.db.select().from(profiles);
    expect(all.every((p) => (p.about ?? "").length > 20)).toBe(true);
    expect(all.some((p) => p.isFictional)).toBe(true);
    expect(all.some((p) => !p.isFictional)).toBe(true);
  });

  it("stores a generated photo for most profiles", async () => {
    const [withPhoto] = await handle.db.select({ n: count() }).from(profiles).where(isNotNull(profiles.mainPhotoId));
    expect(withPhoto!.n).toBeGreaterThan(80 * 0.6);
    const [photo] = await handle.db.select().from(photos).limit(1);
    expect(await storage.has(photo!.storageKey)).toBe(true);
    expect(await storage.has(photo!.thumbKey)).toBe(true);
  });
});

describe("recentMemberTeasers", () => {
  it("shows only the pool's listed members with a photo, most recently active first", async () => {
    const teasers = await recentMemberTeasers(handle.db, storage, { pool: "gayclub", siteId: "mandemoede" }, 12);
    expect(teasers).toHaveLength(12);
    const ids = teasers.map((t) => t.id);
    const rows = await handle.db.select().from(profiles).where(eq(profiles.pool, "gayclub"));
    const byId = new Map(rows.map((r) => [r.memberId, r]));
    expect(ids.every((id) => byId.has(id))).toBe(true);
    const times = teasers.map((t) => byId.get(t.id)!.lastActiveAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(teasers.every((t) => t.photoUrl.startsWith("/media/seed/"))).toBe(true);
  });

  it("leaves out unlisted members", async () => {
    const [first] = await recentMemberTeasers(handle.db, storage, { pool: "gayclub", siteId: "mandemoede" }, 1);
    await handle.db.update(profiles).set({ listed: false }).where(eq(profiles.memberId, first!.id));
    const after = await recentMemberTeasers(handle.db, storage, { pool: "gayclub", siteId: "mandemoede" }, 40);
    expect(after.map((t) => t.id)).not.toContain(first!.id);
  });
});

describe("bulk seed", () => {
  it("inserts profiles with shared photos in batches and can run again without duplicates", async () => {
    await seedBulk(handle.db, storage, gay, 6_000);
    await seedBulk(handle.db, storage, gay, 6_000);
    const [row] = await handle.db.select({ n: count() }).from(profiles).where(eq(profiles.pool, "gayclub"));
    expect(row?.n).toBe(40 + 6_000);
    // One photo per bulk profile with a photo, next to the demo people's photos.
    const [bulkPhotos] = await handle.db.select({ n: count() }).from(photos).where(like(photos.storageKey, "seed/bulk-%"));
    const [bulkWithPhoto] = await handle.db
      .select({ n: count() })
      .from(profiles)
      .innerJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(like(photos.storageKey, "seed/bulk-%"));
    expect(bulkPhotos?.n).toBe(bulkWithPhoto?.n);
  });
});

// Last: the demo logins would count among the members the tests above count.
describe("demo logins (review M-8)", () => {
  it("are not part of the demo members, and once asked for they are seen (a real deployment then refuses to start)", async () => {
    expect(await demoLoginsPresent(handle.db)).toBe(false);
    await seedDemoAccounts(handle.db, registry);
    expect(await demoLoginsPresent(handle.db)).toBe(true);
    // The demo staff alone are enough to refuse a real start.
    await handle.db.delete(members).where(like(members.seedRef, "demo-account:%"));
    await handle.db.delete(discountCodes);
    expect(await demoLoginsPresent(handle.db)).toBe(true);
    await handle.db.delete(staffMembers);
    expect(await demoLoginsPresent(handle.db)).toBe(false);
  });
});
