import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blocks, conversations, directDebitRequests, memberNotices, members, messages, photos, profiles, profileTextReviews, sessions, staffAudit } from "../../db/schema/index";
import { banByValue, banMember, banReasonOf, isBannedEmail, liftBan, listBans } from "../../app/models/moderation/bans.server";
import { decideReport, reportableProfile, reportProfile, reportQueue } from "../../app/models/moderation/reports.server";
import { checkLogin } from "../../app/models/accounts/accounts.server";
import { isBlocked } from "../../app/models/payments/direct-debit.server";
import { uploadPhoto } from "../../app/models/profiles/photos.server";
import { decidePhoto, decideText, reviewQueue } from "../../app/models/moderation/review-queue.server";
import { openNotices } from "../../app/models/moderation/member-notices.server";
import { saveAbout, saveBasics } from "../../app/models/profiles/profile-update.server";
import { heldWordsIn } from "../../app/models/moderation/text-review.server";
import type { StaffMember } from "../../app/models/staff/staff-roles";
import { createStaff } from "../../app/models/staff/staff-accounts.server";
import { LocalDiskStorage } from "../../app/services/storage/local-disk.server";
import { TenantRegistry } from "../../app/tenancy/registry";
import { tenantSchema } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { captureMail } from "../fixtures/mail";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
const alpha = tenantSchema.parse(tenantFixture({ id: "alpha", pool: "shared" }));
const beta = tenantSchema.parse({ ...tenantFixture({ id: "beta", pool: "shared" }), domains: ["beta.example"] });
const registry = new TenantRegistry([alpha, beta]);
const review = { siteId: "alpha", heldWords: ["whatsapp", "snel geld"] };
let storageDir: string;
let storage: LocalDiskStorage;
let mail: ReturnType<typeof captureMail>;

beforeAll(() => {
  storageDir = mkdtempSync(path.join(tmpdir(), "moderation-"));
  storage = new LocalDiskStorage(storageDir, path.join(storageDir, "public-media"));
  mail = captureMail();
});
afterAll(() => mail.restore());

/** A photo-like picture: coloured circles, different for every seed. */
function picture(seed: number, size = 600): Promise<Buffer> {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff), x / 0x7fffffff);
  const circles = Array.from({ length: 12 }, () => `<circle cx="${next() * size}" cy="${next() * size}" r="${40 + next() * 120}" fill="hsl(${Math.floor(next() * 360)},70%,50%)"/>`).join("");
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#eee"/>${circles}</svg>`)).jpeg().toBuffer();
}

let staffCount = 0;
async function moderator(brands: string[] = []): Promise<StaffMember> {
  staffCount += 1;
  const email = `moderator${staffCount}@staff.example`;
  const created = await createStaff(handle.db, { email, name: `Mod ${staffCount}`, roles: ["moderator"], brands, languages: [], uiLanguage: "en" });
  if ("error" in created) throw new Error("exists");
  return { id: created.id, email, name: `Mod ${staffCount}`, roles: ["moderator"], brands, languages: [], uiLanguage: "en" };
}

async function upload(memberId: number, data: Buffer) {
  const result = await uploadPhoto(handle.db, storage, { memberId, paidUser: false, data });
  if (!result.ok) throw new Error(result.reason);
  return result.photoId;
}

describe("photo moderation", () => {
  it("puts flagged photos first; approving shows the photo, rejecting deletes its files and tells the member in their language", async () => {
    const ann = await createMember(handle.db, { tenant: alpha, name: "Ann", language: "de" });
    const mod = await moderator();
    const plain = await upload(ann.id, await picture(1));
    const small = await upload(ann.id, await picture(2, 300));
    const queue = await reviewQueue(handle.db, mod);
    const mine = queue.items.filter((item) => item.memberId === ann.id);
    expect(mine.map((item) => item.id)).toEqual([small, plain]);
    expect(mine[0]).toMatchObject({ type: "photo", flags: ["small"] });

    expect(await decidePhoto(handle.db, storage, registry, { staff: mod, ip: "198.51.100.7" }, { photoId: plain, decision: "approve" })).toBe(true);
    const [shown] = await handle.db.select({ status: photos.status }).from(photos).where(eq(photos.id, plain));
    expect(shown?.status).toBe("active");
    // Decided is decided: a second moderator's click changes nothing.
    expect(await decidePhoto(handle.db, storage, registry, { staff: mod, ip: null }, { photoId: plain, decision: "reject", reason: "nudity" })).toBe(false);

    const [row] = await handle.db.select().from(photos).where(eq(photos.id, small));
    mail.sent.length = 0;
    expect(await decidePhoto(handle.db, storage, registry, { staff: mod, ip: null }, { photoId: small, decision: "reject", reason: "someone_else" })).toBe(true);
    expect(existsSync(path.join(storageDir, row!.storageKey))).toBe(false);
    expect(existsSync(path.join(storageDir, row!.thumbKey))).toBe(false);
    expect(await openNotices(handle.db, ann.id)).toEqual([expect.objectContaining({ kind: "photo_rejected", reason: "someone_else" })]);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.to).toBe(ann.member.email);
    const german = JSON.parse(readFileSync("public/locales/de/moderation.json", "utf8")) as { reasons: { photo: Record<string, string> } };
    expect(mail.sent[0]!.text).toContain(german.reasons.photo.someone_else);

    const audit = await handle.db.select({ action: staffAudit.action, details: staffAudit.details }).from(staffAudit).where(and(eq(staffAudit.staffId, mod.id)));
    expect(audit.map((entry) => entry.action)).toEqual(["photo_approve", "photo_reject"]);
  });

  it("turns the same picture away when it is uploaded again after a rejection, also resized and re-compressed", async () => {
    const ben = await createMember(handle.db, { tenant: alpha, name: "Ben" });
    const original = await picture(3);
    const id = await upload(ben.id, original);
    await decidePhoto(handle.db, storage, registry, { staff: await moderator(), ip: null }, { photoId: id, decision: "reject", reason: "nudity" });
    const again = await sharp(original).resize(500).jpeg({ quality: 55 }).toBuffer();
    const other = await createMember(handle.db, { tenant: beta, name: "Other" });
    expect(await uploadPhoto(handle.db, storage, { memberId: other.id, paidUser: false, data: again })).toEqual({ ok: false, reason: "duplicate" });
    expect((await uploadPhoto(handle.db, storage, { memberId: other.id, paidUser: false, data: await picture(4) })).ok).toBe(true);
  });

  it("keeps a moderator to their brands", async () => {
    const cleo = await createMember(handle.db, { tenant: beta, name: "Cleo" });
    const id = await upload(cleo.id, await picture(5));
    const alphaOnly = await moderator(["alpha"]);
    expect((await reviewQueue(handle.db, alphaOnly)).items.some((item) => item.id === id && item.type === "photo")).toBe(false);
    expect(await decidePhoto(handle.db, storage, registry, { staff: alphaOnly, ip: null }, { photoId: id, decision: "approve" })).toBe(false);
    expect(await decidePhoto(handle.db, storage, registry, { staff: await moderator(["beta"]), ip: null }, { photoId: id, decision: "approve" })).toBe(true);
  });
});

describe("profile texts", () => {
  const about = async (memberId: number) => (await handle.db.select({ about: profiles.about, name: profiles.name }).from(profiles).where(eq(profiles.memberId, memberId)))[0]!;

  it("finds listed words as whole words, whatever the case or accents", () => {
    expect(heldWordsIn("Stuur me een bericht op WhatsApp!", review.heldWords)).toEqual(["whatsapp"]);
    expect(heldWordsIn("Snel   geld verdienen", review.heldWords)).toEqual(["snel geld"]);
    expect(heldWordsIn("whatsappgroep", review.heldWords)).toEqual([]);
  });

  it("shows a changed text at once and puts the previous one back when rejected", async () => {
    const dana = await createMember(handle.db, { tenant: alpha, name: "Dana" });
    await saveAbout(handle.db, dana.id, "Ik hou van wandelen.", review);
    expect((await saveAbout(handle.db, dana.id, "Bel me op 0612345678", review)).held).toBe(false);
    expect((await about(dana.id)).about).toBe("Bel me op 0612345678");
    const [waiting] = await handle.db.select().from(profileTextReviews).where(and(eq(profileTextReviews.memberId, dana.id), eq(profileTextReviews.status, "pending")));
    // One review per field: the second change replaced the first, and remembers the text before both.
    expect(waiting).toMatchObject({ field: "about", text: "Bel me op 0612345678", previous: null });
    const mod = await moderator();
    expect(await decideText(handle.db, registry, { staff: mod, ip: null }, { reviewId: waiting!.id, decision: "reject", reason: "contact_details" })).toBe(true);
    expect((await about(dana.id)).about).toBeNull();
    expect(await openNotices(handle.db, dana.id)).toEqual([expect.objectContaining({ kind: "text_rejected", reason: "contact_details", field: "about" })]);
  });

  it("holds a text with a listed word until approved; the profile keeps the old one meanwhile", async () => {
    const eva = await createMember(handle.db, { tenant: alpha, name: "Eva" });
    expect((await saveBasics(handle.db, eva.id, { name: "Eva whatsapp" }, review)).held).toBe(true);
    expect((await about(eva.id)).name).toBe("Eva");
    const [waiting] = await handle.db.select().from(profileTextReviews).where(and(eq(profileTextReviews.memberId, eva.id), eq(profileTextReviews.status, "pending")));
    expect(waiting).toMatchObject({ field: "name", heldWords: ["whatsapp"], previous: "Eva" });
    expect(await decideText(handle.db, registry, { staff: await moderator(), ip: null }, { reviewId: waiting!.id, decision: "approve" })).toBe(true);
    expect((await about(eva.id)).name).toBe("Eva whatsapp");
    expect(await handle.db.select().from(memberNotices).where(eq(memberNotices.memberId, eva.id))).toEqual([]);
  });

  it("drops the review when the member goes back to the approved text", async () => {
    const fay = await createMember(handle.db, { tenant: alpha, name: "Fay" });
    await saveBasics(handle.db, fay.id, { name: "Fay snel geld" }, review);
    await saveBasics(handle.db, fay.id, { name: "Fay" }, review);
    expect(await handle.db.select().from(profileTextReviews).where(eq(profileTextReviews.memberId, fay.id))).toEqual([]);
    expect((await about(fay.id)).name).toBe("Fay");
  });
});

describe("reports and bans", () => {
  it("takes one open report per pair, only about profiles of the reporter's pool", async () => {
    const gus = await createMember(handle.db, { tenant: alpha, name: "Gus" });
    const hal = await createMember(handle.db, { tenant: alpha, name: "Hal" });
    const elsewhere = await createMember(handle.db, { tenant: tenantSchema.parse(tenantFixture({ id: "gamma", pool: "other" })), name: "Far" });
    const base = { reporterId: gus.id, siteId: "alpha", pool: "shared", conversationId: null, reason: "fake" as const, text: "Same photos as on another site" };
    expect(await reportProfile(handle.db, { ...base, reportedId: hal.id })).toEqual({ ok: true });
    expect(await reportProfile(handle.db, { ...base, reportedId: hal.id })).toEqual({ ok: false, reason: "already" });
    expect(await reportProfile(handle.db, { ...base, reportedId: elsewhere.id })).toEqual({ ok: false, reason: "notFound" });
    expect(await reportProfile(handle.db, { ...base, reportedId: gus.id })).toEqual({ ok: false, reason: "notFound" });
  });

  it("names on the report page only a member the reporter may see, or one they have a conversation with (review N-L-2)", async () => {
    const reporter = await createMember(handle.db, { tenant: alpha, name: "Rita" });
    const seen = await createMember(handle.db, { tenant: alpha, name: "Zichtbaar" });
    const invisible = await createMember(handle.db, { tenant: alpha, name: "Onzichtbaar", invisible: true });
    const blocker = await createMember(handle.db, { tenant: alpha, name: "Blokkeerder" });
    const disabled = await createMember(handle.db, { tenant: alpha, name: "Uitgezet", status: "disabled" });
    const partner = await createMember(handle.db, { tenant: alpha, name: "Gesprekspartner", invisible: true });
    await handle.db.insert(blocks).values({ blockerId: blocker.id, blockedId: reporter.id });
    await handle.db.insert(conversations).values({ memberLow: Math.min(reporter.id, partner.id), memberHigh: Math.max(reporter.id, partner.id), startedBy: partner.id });
    const name = async (memberId: number) => (await reportableProfile(handle.db, { memberId, pool: "shared", viewerId: reporter.id }))?.name ?? null;
    expect(await name(seen.id)).toBe("Zichtbaar");
    expect(await name(partner.id)).toBe("Gesprekspartner");
    for (const hidden of [invisible, blocker, disabled]) expect(await name(hidden.id)).toBeNull();
  });

  it("a warning tells the member and closes every open report about them", async () => {
    const ivy = await createMember(handle.db, { tenant: alpha, name: "Ivy", language: "nl" });
    const reporters = await Promise.all(["J1", "J2"].map((name) => createMember(handle.db, { tenant: alpha, name })));
    for (const reporter of reporters) await reportProfile(handle.db, { reporterId: reporter.id, siteId: "alpha", pool: "shared", reportedId: ivy.id, conversationId: null, reason: "harassment", text: null });
    const mod = await moderator();
    const queue = (await reportQueue(handle.db, mod)).filter((report) => report.reported.id === ivy.id);
    expect(queue).toHaveLength(2);
    expect(queue[0]!.reported.openReports).toBe(2);
    expect(await decideReport(handle.db, storage, registry, { staff: mod, ip: null }, queue[0]!.id, { action: "warn", reason: "harassment" })).toBe(true);
    expect((await reportQueue(handle.db, mod)).filter((report) => report.reported.id === ivy.id)).toEqual([]);
    expect(await openNotices(handle.db, ivy.id)).toEqual([expect.objectContaining({ kind: "warning", reason: "harassment" })]);
  });

  it("a report decision hides only the reported member's own photo or chat photo, and a mismatch changes nothing (review N-M-4)", async () => {
    const rex = await createMember(handle.db, { tenant: alpha, name: "Rex" });
    const sue = await createMember(handle.db, { tenant: beta, name: "Sue" });
    const reporter = await createMember(handle.db, { tenant: alpha, name: "Reporter" });
    const othersPhoto = await upload(sue.id, await picture(41));
    const [conversation] = await handle.db.insert(conversations).values({ memberLow: Math.min(rex.id, reporter.id), memberHigh: Math.max(rex.id, reporter.id), startedBy: rex.id }).returning({ id: conversations.id });
    const [elsewhere] = await handle.db.insert(conversations).values({ memberLow: Math.min(rex.id, sue.id), memberHigh: Math.max(rex.id, sue.id), startedBy: rex.id }).returning({ id: conversations.id });
    const [outside] = await handle.db.insert(messages).values({ conversationId: elsewhere!.id, senderId: rex.id, kind: "photo", photoKey: "chat/outside.webp", photoThumbKey: "chat/outside-t.webp" }).returning({ id: messages.id });
    // A fictional profile's message may point at its own gallery photo: that file stays.
    const [gallery] = await handle.db.insert(messages).values({ conversationId: conversation!.id, senderId: rex.id, kind: "photo", photoKey: "photos/gallery.webp", photoThumbKey: "photos/gallery-t.webp" }).returning({ id: messages.id });
    await reportProfile(handle.db, { reporterId: reporter.id, siteId: "alpha", pool: "shared", reportedId: rex.id, conversationId: conversation!.id, reason: "fake", text: null });
    const mod = await moderator(["alpha"]);
    const [report] = (await reportQueue(handle.db, mod)).filter((entry) => entry.reported.id === rex.id);
    const auditRows = async () => handle.db.select({ action: staffAudit.action }).from(staffAudit).where(eq(staffAudit.memberId, rex.id));

    expect(await decideReport(handle.db, storage, registry, { staff: mod, ip: null }, report!.id, { action: "hide_photo", photoId: othersPhoto, reason: "not_a_person" })).toBe(false);
    const [still] = await handle.db.select({ status: photos.status }).from(photos).where(eq(photos.id, othersPhoto));
    expect(still?.status).toBe("pending");
    expect(await decideReport(handle.db, storage, registry, { staff: mod, ip: null }, report!.id, { action: "hide_chat_photo", messageId: outside!.id })).toBe(false);
    const [kept] = await handle.db.select({ photoKey: messages.photoKey }).from(messages).where(eq(messages.id, outside!.id));
    expect(kept?.photoKey).toBe("chat/outside.webp");
    expect(await auditRows()).toEqual([]);
    expect((await reportQueue(handle.db, mod)).filter((entry) => entry.reported.id === rex.id)).toHaveLength(1);

    const removed: string[] = [];
    const watched = Object.assign(Object.create(storage) as LocalDiskStorage, { remove: async (key: string) => void removed.push(key) });
    expect(await decideReport(handle.db, watched, registry, { staff: mod, ip: null }, report!.id, { action: "hide_chat_photo", messageId: gallery!.id })).toBe(true);
    expect(removed).toEqual([]);
    expect(await auditRows()).toEqual([{ action: "hide_photo" }]);
  });

  it("a ban switches the member off everywhere, bans the address on every brand, and lifting it switches them on again", async () => {
    const kai = await createMember(handle.db, { tenant: alpha, name: "Kai", password: "a long enough password 1" });
    await handle.db.insert(sessions).values({ idHash: "kai-session", memberId: kai.id, siteId: "alpha", expiresAt: new Date(Date.now() + 86_400_000) });
    const mod = await moderator();
    expect(await banMember(handle.db, { staff: mod, ip: null, memberId: kai.id, reason: "fraud", note: "stolen cards", withPayment: true })).toBe(true);
    const [after] = await handle.db.select({ status: members.status, listed: profiles.listed }).from(members).innerJoin(profiles, eq(profiles.memberId, members.id)).where(eq(members.id, kai.id));
    expect(after).toEqual({ status: "disabled", listed: false });
    expect(await handle.db.select().from(sessions).where(eq(sessions.memberId, kai.id))).toEqual([]);
    expect(await isBannedEmail(handle.db, kai.member.email!.toUpperCase())).toBe(true);
    expect(await banReasonOf(handle.db, kai.id)).toBe("fraud");
    expect(await checkLogin(handle.db, { siteId: "alpha", email: kai.member.email!, password: "a long enough password 1", ip: null })).toEqual({ ok: false, blockedMinutes: 0, disabledMemberId: kai.id });

    const [ban] = await listBans(handle.db, mod, kai.member.email!);
    expect(ban).toMatchObject({ kind: "email", memberId: kai.id, reason: "fraud" });
    // A moderator of another brand cannot lift it.
    expect(await liftBan(handle.db, { staff: await moderator(["beta"]), ip: null, banId: ban!.id })).toBe(false);
    expect(await liftBan(handle.db, { staff: mod, ip: null, banId: ban!.id })).toBe(true);
    expect(await isBannedEmail(handle.db, kai.member.email!)).toBe(false);
    expect((await checkLogin(handle.db, { siteId: "alpha", email: kai.member.email!, password: "a long enough password 1", ip: "198.51.100.9" })).ok).toBe(true);
    const actions = await handle.db.select({ action: staffAudit.action }).from(staffAudit).where(eq(staffAudit.memberId, kai.id));
    expect(actions.map((entry) => entry.action)).toEqual(["ban", "unban"]);
  });

  it("bans an IBAN: direct debit refuses it and whoever paid with it is switched off", async () => {
    const lou = await createMember(handle.db, { tenant: alpha, name: "Lou" });
    const iban = "NL91ABNA0417164300";
    await handle.db.insert(directDebitRequests).values({ memberId: lou.id, siteId: "alpha", product: "bundle:b1", accountHolder: "Lou", iban, street: "Straat", houseNumber: "1", zip: "1234AB", city: "Stad", phone: "+31612345678", consentedAt: new Date(), codeHash: "x", expiresAt: new Date() });
    expect(await banByValue(handle.db, { staff: await moderator(), ip: null, kind: "iban", value: "nl91 abna 0417 1643 00", reason: "payment_abuse" })).toEqual({ ok: true, accounts: 1 });
    expect(await isBlocked(handle.db, { iban, phone: "+31600000000" })).toBe(true);
    const [after] = await handle.db.select({ status: members.status }).from(members).where(eq(members.id, lou.id));
    expect(after?.status).toBe("disabled");
    expect(await banByValue(handle.db, { staff: await moderator(), ip: null, kind: "phone", value: "not a phone", reason: "fraud" })).toEqual({ ok: false, reason: "value" });
  });
});
