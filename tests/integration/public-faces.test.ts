import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mediaFiles } from "../../server/media-files.mjs";
import { deleteAccount, reactivateAccount } from "../../app/models/accounts/account-deletion.server";
import { decideReport, reportProfile, reportQueue } from "../../app/models/moderation/reports.server";
import { decidePhoto } from "../../app/models/moderation/review-queue.server";
import { deletePhoto, memberPhotos, setMainPhoto, uploadPhoto } from "../../app/models/profiles/photos.server";
import { viewProfile } from "../../app/models/profiles/profile-view.server";
import { createStaff } from "../../app/models/staff/staff-accounts.server";
import type { StaffMember } from "../../app/models/staff/staff-roles";
import { loader as privateMedia } from "../../app/routes/private-media.$";
import { signedMediaUrl } from "../../app/services/storage/signed-media.server";
import { localPublicRoot, storage } from "../../app/services/storage/storage.server";
import { TenantRegistry } from "../../app/tenancy/registry";
import { tenantSchema } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { captureMail } from "../fixtures/mail";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

// Review L-3 (b): only a member's face is in the public storage area that /media serves; every
// other photo — locked, being checked, a former face — only through its signed link. The app's
// own storage (DATA_DIR of this file) and the /media handler of server/serve.mjs.
const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/public-faces-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  return dir;
});

const handle = testDatabasePerFile();
const alpha = tenantSchema.parse(tenantFixture({ id: "alpha", pool: "shared" }));
const registry = new TenantRegistry([alpha]);
let server: Server;
let mail: ReturnType<typeof captureMail>;

beforeAll(async () => {
  mail = captureMail();
  const app = express();
  app.use("/media", mediaFiles(localPublicRoot(), { maxAge: "1d" }));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  mail.restore();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** What /media answers for a key: the status, and the bytes when it served them. */
async function publicFile(key: string): Promise<number> {
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/media/${key}`);
  await response.arrayBuffer();
  return response.status;
}

/** What the signed link of a key serves (app/routes/private-media.$.ts). */
async function signedFile(url: string): Promise<Buffer | null> {
  const link = new URL(url, "https://alpha.example");
  const key = link.pathname.replace(/^\/private-media\//, "");
  const response = await privateMedia({ request: new Request(link), params: { "*": key }, context: {} } as unknown as Parameters<typeof privateMedia>[0]);
  return response.status === 200 ? Buffer.from(await response.arrayBuffer()) : null;
}

let seed = 1;
function picture(): Promise<Buffer> {
  const hue = (seed++ * 47) % 360;
  const circles = Array.from({ length: 6 }, (_, i) => `<circle cx="${(seed * 37 + i * 91) % 400}" cy="${(seed * 53 + i * 67) % 400}" r="${40 + i * 15}" fill="hsl(${(hue + i * 60) % 360},70%,50%)"/>`).join("");
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="hsl(${hue},30%,80%)"/>${circles}</svg>`)).jpeg().toBuffer();
}

async function upload(memberId: number): Promise<{ id: number; storageKey: string; thumbKey: string }> {
  const result = await uploadPhoto(handle.db, storage(), { memberId, paidUser: true, data: await picture() });
  if (!result.ok) throw new Error(result.reason);
  const keys = (await memberPhotos(handle.db, memberId)).find((photo) => photo.id === result.photoId)!;
  const thumbKey = new URL(keys.thumbUrl, "https://x").pathname.replace("/private-media/", "");
  return { id: result.photoId, storageKey: thumbKey.replace("-thumb", ""), thumbKey };
}

async function approve(photoId: number): Promise<void> {
  expect(await decidePhoto(handle.db, storage(), registry, { staff: null, ip: null }, { photoId, decision: "approve" })).toBe(true);
}

async function moderator(): Promise<StaffMember> {
  const email = `mod-${seed++}@staff.example`;
  const created = await createStaff(handle.db, { email, name: "Mod", roles: ["moderator"], brands: [], languages: [], uiLanguage: "en" });
  if ("error" in created) throw new Error("exists");
  return { id: created.id, email, name: "Mod", roles: ["moderator"], brands: [], languages: [], uiLanguage: "en" };
}

describe("the public storage area holds faces only (review L-3)", () => {
  it("a locked photo is not at /media, while its signed link serves it; the face is", async () => {
    const owner = await createMember(handle.db, { tenant: alpha, name: "Lotte" });
    const face = await upload(owner.id);
    const locked = await upload(owner.id);
    await approve(face.id);
    await approve(locked.id);

    expect(await publicFile(face.storageKey)).toBe(200);
    expect(await publicFile(face.thumbKey)).toBe(200);
    expect(await publicFile(locked.storageKey)).toBe(404);
    expect(await publicFile(locked.thumbKey)).toBe(404);

    // A premium viewer gets the locked photo through a signed link, which serves it.
    const viewer = (await createMember(handle.db, { tenant: alpha, name: "Piet", paidUser: true })).current;
    const view = await viewProfile(handle.db, storage(), { tenant: alpha, viewer, memberId: owner.id });
    const [first, second] = view!.photos;
    expect(first?.locked === false && first.url).toBe(`/media/${face.storageKey}`);
    const lockedUrl = second?.locked === false ? second.url : "";
    expect(lockedUrl).toMatch(new RegExp(`^/private-media/${locked.storageKey}\\?e=\\d+&s=`));
    expect((await signedFile(lockedUrl))?.equals((await storage().get(locked.storageKey))!)).toBe(true);
  });

  it("a photo being checked is not public, not even as the member's first photo", async () => {
    const owner = await createMember(handle.db, { tenant: alpha, name: "Pending" });
    const pending = await upload(owner.id);
    expect(await publicFile(pending.storageKey)).toBe(404);
    expect(await publicFile(pending.thumbKey)).toBe(404);
    // The owner sees it through a signed link.
    const [own] = await memberPhotos(handle.db, owner.id);
    expect(own?.thumbUrl).toBe(signedMediaUrl(pending.thumbKey));
    expect(await signedFile(own!.thumbUrl)).not.toBeNull();
    // An approved photo shown first while the main photo is being checked is not the face either.
    const approved = await upload(owner.id);
    const mainPending = await upload(owner.id);
    await approve(approved.id);
    await handle.db.execute(`update profiles set main_photo_id = ${mainPending.id} where member_id = ${owner.id}` as never);
    const view = await viewProfile(handle.db, storage(), { tenant: alpha, viewer: null, memberId: owner.id });
    const shown = view!.photos[0]!;
    expect(shown.locked === false && shown.url).toMatch(/^\/private-media\//);
  });

  it("choosing another main photo takes the old face out of the public area and puts the new one in", async () => {
    const owner = await createMember(handle.db, { tenant: alpha, name: "Switch" });
    const first = await upload(owner.id);
    const second = await upload(owner.id);
    await approve(first.id);
    await approve(second.id);
    expect(await publicFile(first.storageKey)).toBe(200);
    expect(await publicFile(second.storageKey)).toBe(404);

    expect(await setMainPhoto(handle.db, storage(), owner.id, second.id)).toBe(true);
    expect(await publicFile(first.storageKey)).toBe(404);
    expect(await publicFile(first.thumbKey)).toBe(404);
    expect(await publicFile(second.storageKey)).toBe(200);
    expect(await publicFile(second.thumbKey)).toBe(200);
  });

  it("deleting the face unpublishes it and publishes the photo that takes its place", async () => {
    const owner = await createMember(handle.db, { tenant: alpha, name: "Delete" });
    const first = await upload(owner.id);
    const second = await upload(owner.id);
    await approve(first.id);
    await approve(second.id);
    expect(await deletePhoto(handle.db, storage(), owner.id, first.id)).toBe(true);
    expect(await publicFile(first.storageKey)).toBe(404);
    expect(await storage().has(first.storageKey)).toBe(false);
    expect(await publicFile(second.storageKey)).toBe(200);
  });

  it("a face hidden after a report leaves the public area", async () => {
    const owner = await createMember(handle.db, { tenant: alpha, name: "Reported" });
    const reporter = await createMember(handle.db, { tenant: alpha, name: "Reporter" });
    const face = await upload(owner.id);
    await approve(face.id);
    expect(await publicFile(face.storageKey)).toBe(200);
    await reportProfile(handle.db, { reporterId: reporter.id, siteId: "alpha", pool: "shared", reportedId: owner.id, conversationId: null, reason: "fake", text: null });
    const mod = await moderator();
    const [report] = (await reportQueue(handle.db, mod)).filter((entry) => entry.reported.id === owner.id);
    // The moderator sees the member's photos through signed links, not public URLs.
    expect(report!.photos[0]!.url).toMatch(/^\/private-media\//);
    expect(await decideReport(handle.db, storage(), registry, { staff: mod, ip: null }, report!.id, { action: "hide_photo", photoId: face.id, reason: "someone_else" })).toBe(true);
    expect(await publicFile(face.storageKey)).toBe(404);
    expect(await publicFile(face.thumbKey)).toBe(404);
  });

  it("a deleting account's face leaves the public area, and comes back when it is reactivated", async () => {
    const owner = await createMember(handle.db, { tenant: alpha, name: "Leaving", password: "a long and good password" });
    const face = await upload(owner.id);
    await approve(face.id);
    expect(await publicFile(face.storageKey)).toBe(200);
    const check = await deleteAccount(handle.db, storage(), alpha, { memberId: owner.id, password: "a long and good password", reason: "other", remarks: null, ip: null, origin: "https://alpha.example" });
    expect(check.ok).toBe(true);
    expect(await publicFile(face.storageKey)).toBe(404);
    expect(await publicFile(face.thumbKey)).toBe(404);
    // The private file stays for the grace period.
    expect(await storage().has(face.storageKey)).toBe(true);

    const link = mail.sent.at(-1)?.text.match(/\/reactivate\/([A-Za-z0-9_-]+)/)?.[1];
    expect(link).toBeDefined();
    expect(await reactivateAccount(handle.db, storage(), alpha, link!)).toBe(owner.id);
    expect(await publicFile(face.storageKey)).toBe(200);
  });
});
