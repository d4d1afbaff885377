import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photos, profiles } from "../../db/schema/index";
import { moderatePhoto, PHOTO_LIMIT, uploadPhoto } from "../../app/models/profiles/photos.server";
import { finishSignupStep, signupStepOf } from "../../app/models/accounts/signup-progress.server";
import { resumeStep } from "../../app/models/accounts/signup-steps";
import { LocalDiskStorage } from "../../app/services/storage/local-disk.server";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";

let handle: TestDatabase;
let storageDir: string;
let storage: LocalDiskStorage;

/** A member still signing up (at `signupStep`) on a brand with a pool of its own. */
const newMember = async (signupStep: number | null = 0) => (await createMember(handle.db, { siteId: "photosite", name: "M", status: "not_confirmed", signupStep })).id;

/** A real JPEG with EXIF including a GPS position, as phones write them. */
function jpegWithLocation(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 12" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 0/1" } })
    .toBuffer();
}

beforeAll(async () => {
  handle = await createTestDatabase();
  storageDir = mkdtempSync(path.join(tmpdir(), "photos-"));
  storage = new LocalDiskStorage(storageDir, path.join(storageDir, "public-media"));
});
afterAll(async () => {
  await handle.close();
  rmSync(storageDir, { recursive: true, force: true });
});

describe("uploadPhoto", () => {
  it("re-encodes to WebP in two sizes without any metadata, pending, as the main photo", async () => {
    const memberId = await newMember();
    const input = await jpegWithLocation(3000, 2000);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const result = await uploadPhoto(handle.db, storage, { memberId, paidUser: false, data: input });
    if (!result.ok) throw new Error(result.reason);
    const [photo] = await handle.db.select().from(photos).where(eq(photos.id, result.photoId));
    expect(photo).toMatchObject({ status: "pending", width: 1200, height: 800 });
    const main = await sharp(path.join(storageDir, photo!.storageKey)).metadata();
    expect(main.format).toBe("webp");
    expect(main.exif).toBeUndefined();
    const thumb = await sharp(path.join(storageDir, photo!.thumbKey)).metadata();
    expect([thumb.width, thumb.height]).toEqual([320, 320]);
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.memberId, memberId));
    expect(profile?.mainPhotoId).toBe(photo!.id);
  });

  it("refuses files that are not images, whatever their name says, and tiny images", async () => {
    const memberId = await newMember();
    expect(await uploadPhoto(handle.db, storage, { memberId, paidUser: false, data: Buffer.from("<?php echo 'hi'; ?>") })).toEqual({ ok: false, reason: "notAnImage" });
    const tiny = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#fff" } }).png().toBuffer();
    expect(await uploadPhoto(handle.db, storage, { memberId, paidUser: false, data: tiny })).toEqual({ ok: false, reason: "tooSmall" });
    expect(await uploadPhoto(handle.db, storage, { memberId, paidUser: false, data: Buffer.alloc(11 * 1024 * 1024) })).toEqual({ ok: false, reason: "tooLarge" });
  });

  it(`stops free members at ${PHOTO_LIMIT.free} photos, also when uploads arrive at once; rejected ones do not count`, async () => {
    const memberId = await newMember();
    const image = await jpegWithLocation();
    const results = await Promise.all(Array.from({ length: 5 }, () => uploadPhoto(handle.db, storage, { memberId, paidUser: false, data: image })));
    expect(results.filter((r) => r.ok)).toHaveLength(PHOTO_LIMIT.free);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "limit")).toBe(true);
    const first = results.find((r) => r.ok);
    if (!first?.ok) throw new Error("no upload succeeded");
    await moderatePhoto(handle.db, first.photoId, { status: "rejected", reason: "quality" });
    expect((await uploadPhoto(handle.db, storage, { memberId, paidUser: false, data: image })).ok).toBe(true);
    expect((await uploadPhoto(handle.db, storage, { memberId, paidUser: true, data: image })).ok).toBe(true);
  });

  it("moderation: a rejected main photo is no longer the main photo", async () => {
    const memberId = await newMember();
    const result = await uploadPhoto(handle.db, storage, { memberId, paidUser: false, data: await jpegWithLocation() });
    if (!result.ok) throw new Error(result.reason);
    await moderatePhoto(handle.db, result.photoId, { status: "rejected", reason: "quality" });
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.memberId, memberId));
    expect(profile?.mainPhotoId).toBeNull();
  });
});

describe("signup steps", () => {
  it("move forward when saved or skipped, never back, and end complete", async () => {
    const memberId = await newMember(0);
    expect(resumeStep(await signupStepOf(handle.db, memberId))).toBe("photo");
    await finishSignupStep(handle.db, memberId, "photo");
    await finishSignupStep(handle.db, memberId, "location");
    expect(resumeStep(await signupStepOf(handle.db, memberId))).toBe("personal");
    // Going back to an earlier step and saving it again does not move progress back.
    await finishSignupStep(handle.db, memberId, "photo");
    expect(resumeStep(await signupStepOf(handle.db, memberId))).toBe("personal");
    for (const step of ["personal", "about", "push", "confirm"] as const) await finishSignupStep(handle.db, memberId, step);
    expect(await signupStepOf(handle.db, memberId)).toBeNull();
  });

  it("leave members who finished long ago alone", async () => {
    const memberId = await newMember(null);
    await finishSignupStep(handle.db, memberId, "photo");
    expect(await signupStepOf(handle.db, memberId)).toBeNull();
  });
});
