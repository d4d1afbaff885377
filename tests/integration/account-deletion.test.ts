import { createHash } from "node:crypto";
import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountDeletions,
  blocks,
  conversations,
  creditLedger,
  directDebitRequests,
  emailTokens,
  likes,
  memberDiscounts,
  members,
  messages,
  orders,
  photos,
  profiles,
  swipePasses,
} from "../../db/schema/index";
import {
  acceptDeleteDiscount,
  mailReactivationLink,
  purgeDeletedAccounts,
  purgeRejectedPhotos,
  REJECTED_PHOTO_RECORD_DAYS,
  purgeUnconfirmedAccounts,
  reactivateAccount,
  REACTIVATION_MAILS_PER_DAY,
  requestDeletion,
  mandateFingerprint,
} from "../../app/models/accounts/account-deletion.server";
import { checkLogin, existingAccount } from "../../app/models/accounts/accounts.server";
import { setInvisible } from "../../app/models/accounts/account-settings.server";
import { findSessionMember, sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import type { Storage } from "../../app/services/storage/storage";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { captureMail, linkIn } from "../fixtures/mail";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const tenant = tenantSchema.parse(tenantFixture({ id: "leavesite", domains: ["leavesite.example"] }));
const otherBrand = tenantSchema.parse(tenantFixture({ id: "staysite", domains: ["staysite.example"] }));
const DAY_MS = 24 * 60 * 60 * 1000;
let handle: TestDatabase;

function fakeStorage(): Storage & { removed: string[]; published: Set<string> } {
  const removed: string[] = [];
  const published = new Set<string>();
  return {
    removed,
    published,
    put: async () => undefined,
    has: async () => true,
    get: async () => null,
    remove: async (key) => {
      removed.push(key);
      published.delete(key);
    },
    publish: async (key) => {
      published.add(key);
    },
    unpublish: async (key) => {
      published.delete(key);
    },
    publicUrl: (key) => `/media/${key}`,
  };
}

async function listed(memberId: number): Promise<boolean | undefined> {
  const [row] = await handle.db.select({ listed: profiles.listed }).from(profiles).where(eq(profiles.memberId, memberId));
  return row?.listed;
}

async function status(memberId: number) {
  const [row] = await handle.db.select({ status: members.status, email: members.email }).from(members).where(eq(members.id, memberId));
  return row;
}

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("requesting deletion", () => {
  it("hides the account, ends its sessions, records the reason and makes a reactivation link", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "leaver@example.com", name: "Lotte" });
    const cookie = await startSession(handle.db, { memberId: id, siteId: tenant.id, userAgent: null });
    const sessionId = (await sessionIdFrom(cookie.split(";")[0]!))!;
    const requested = await requestDeletion(handle.db, { memberId: id, reason: "found_someone", remarks: "Thanks!" });
    expect(requested?.recipient).toEqual({ email: "leaver@example.com", name: "Lotte", language: null });
    expect((await status(id))!.status).toBe("deletion_requested");
    expect(await listed(id)).toBe(false);
    expect(await findSessionMember(handle.db, sessionId, tenant.id)).toBeNull();
    const [record] = await handle.db.select().from(accountDeletions).where(eq(accountDeletions.memberId, id));
    expect(record).toMatchObject({ reason: "found_someone", remarks: "Thanks!", previousStatus: "active" });
    expect(await existingAccount(handle.db, tenant.id, "leaver@example.com")).toBe("deleting");
    // A second request for the same account does nothing.
    expect(await requestDeletion(handle.db, { memberId: id, reason: "other", remarks: null })).toBeNull();
  });

  it("tells a deleting member who logs in with the right password apart, and mails a new link a few times a day", async () => {
    const mail = captureMail();
    try {
      const { id } = await createMember(handle.db, { tenant, email: "comeback@example.com", password: "comeback-password-ibis" });
      await requestDeletion(handle.db, { memberId: id, reason: "price", remarks: null });
      const login = await checkLogin(handle.db, { siteId: tenant.id, email: "comeback@example.com", password: "comeback-password-ibis", ip: null });
      expect(login).toEqual({ ok: false, blockedMinutes: 0, deletingMemberId: id });
      const wrong = await checkLogin(handle.db, { siteId: tenant.id, email: "comeback@example.com", password: "not-it-at-all", ip: null });
      expect(wrong).toEqual({ ok: false, blockedMinutes: 0 });
      // The request itself made one link already.
      for (let i = 1; i < REACTIVATION_MAILS_PER_DAY; i++) expect(await mailReactivationLink(handle.db, tenant, id, "https://leavesite.example")).toBe(true);
      expect(await mailReactivationLink(handle.db, tenant, id, "https://leavesite.example")).toBe(false);
      expect(await mailReactivationLink(handle.db, otherBrand, id, "https://staysite.example")).toBe(false);
      expect(mail.sent).toHaveLength(REACTIVATION_MAILS_PER_DAY - 1);
      expect(linkIn(mail.sent[0]!, "/reactivate/")).toMatch(/^https:\/\/leavesite\.example\/reactivate\/[\w-]{40,}$/);
    } finally {
      mail.restore();
    }
  });
});

describe("reactivation", () => {
  it("restores the account once within 14 days, listed again unless invisible", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "back@example.com", status: "not_confirmed" });
    const requested = await requestDeletion(handle.db, { memberId: id, reason: "not_looking", remarks: null });
    expect(await reactivateAccount(handle.db, fakeStorage(), otherBrand, requested!.token)).toBeNull();
    expect(await reactivateAccount(handle.db, fakeStorage(), tenant, requested!.token)).toBe(id);
    // The e-mailed link proves the address: an unconfirmed account comes back confirmed.
    expect((await status(id))!.status).toBe("active");
    expect(await listed(id)).toBe(true);
    expect(await reactivateAccount(handle.db, fakeStorage(), tenant, requested!.token)).toBeNull();

    await setInvisible(handle.db, id, true);
    const again = await requestDeletion(handle.db, { memberId: id, reason: "other", remarks: null });
    expect(await reactivateAccount(handle.db, fakeStorage(), tenant, again!.token)).toBe(id);
    expect(await listed(id)).toBe(false);
  });

  it("keeps a disabled account disabled", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "disabled@example.com", status: "disabled" });
    const requested = await requestDeletion(handle.db, { memberId: id, reason: "site_problems", remarks: null });
    expect(await reactivateAccount(handle.db, fakeStorage(), tenant, requested!.token)).toBe(id);
    expect((await status(id))!.status).toBe("disabled");
  });

  it("refuses after 14 days", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "late@example.com" });
    const requested = await requestDeletion(handle.db, { memberId: id, reason: "price", remarks: null, now: new Date(Date.now() - 15 * DAY_MS) });
    // The link itself would still be within its lifetime here; the grace period decides.
    await handle.db.update(emailTokens).set({ expiresAt: new Date(Date.now() + DAY_MS) }).where(eq(emailTokens.memberId, id));
    expect(await reactivateAccount(handle.db, fakeStorage(), tenant, requested!.token)).toBeNull();
    expect((await status(id))!.status).toBe("deletion_requested");
  });
});

describe("the delete discount", () => {
  it("is kept once for the member's next purchase", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "discount@example.com" });
    expect(await acceptDeleteDiscount(handle.db, tenant, id)).toBe(true);
    expect(await acceptDeleteDiscount(handle.db, tenant, id)).toBe(true);
    const rows = await handle.db.select().from(memberDiscounts).where(eq(memberDiscounts.memberId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "delete_discount", percentage: tenant.company.delete_discount });
    const noDiscount = tenantSchema.parse(tenantFixture({ id: "nodiscount", company: { ...tenantFixture().company, delete_discount: 0 } }));
    expect(await acceptDeleteDiscount(handle.db, noDiscount, id)).toBe(false);
  });
});

describe("the purge", () => {
  it("erases accounts deleted more than 14 days ago and leaves younger and reactivated ones", async () => {
    const { id: old } = await createMember(handle.db, { tenant, email: "gone@example.com" });
    const { id: young } = await createMember(handle.db, { tenant, email: "young@example.com" });
    const { id: kept } = await createMember(handle.db, { tenant, email: "kept@example.com" });
    const [photo] = await handle.db
      .insert(photos)
      .values({ memberId: old, storageKey: "photos/aa/gone.webp", thumbKey: "photos/aa/gone-thumb.webp", width: 10, height: 10 })
      .returning({ id: photos.id });
    await handle.db.update(profiles).set({ mainPhotoId: photo!.id }).where(eq(profiles.memberId, old));
    await handle.db.update(members).set({ credits: 5 }).where(eq(members.id, old));
    await handle.db.insert(creditLedger).values({ memberId: old, delta: 5, balanceAfter: 5, reason: "signup", reference: `purge-${old}` });
    // A conversation with a photo in it goes too, for both sides.
    const [conversation] = await handle.db
      .insert(conversations)
      .values({ memberLow: Math.min(old, kept), memberHigh: Math.max(old, kept), startedBy: kept })
      .returning({ id: conversations.id });
    await handle.db.insert(messages).values({ conversationId: conversation!.id, senderId: kept, kind: "photo", photoKey: "chat/bb/x.webp", photoThumbKey: "chat/bb/x-thumb.webp" });
    const now = new Date();
    await requestDeletion(handle.db, { memberId: old, reason: "price", remarks: null, now: new Date(now.getTime() - 15 * DAY_MS) });
    await requestDeletion(handle.db, { memberId: young, reason: "price", remarks: null, now: new Date(now.getTime() - 13 * DAY_MS) });

    const storage = fakeStorage();
    // At least this one (earlier tests may have left other old requests).
    expect(await purgeDeletedAccounts(handle.db, storage, now)).toBeGreaterThanOrEqual(1);
    expect(await status(old)).toEqual({ status: "deleted", email: null });
    expect(await listed(old)).toBeUndefined();
    expect(await handle.db.select().from(photos).where(eq(photos.memberId, old))).toEqual([]);
    expect(storage.removed.sort()).toEqual(["chat/bb/x-thumb.webp", "chat/bb/x.webp", "photos/aa/gone-thumb.webp", "photos/aa/gone.webp"]);
    expect(await handle.db.select().from(messages).where(eq(messages.conversationId, conversation!.id))).toEqual([]);
    expect(await handle.db.select().from(emailTokens).where(eq(emailTokens.memberId, old))).toEqual([]);
    // Bookkeeping stays, without a person attached.
    expect(await handle.db.select({ delta: creditLedger.delta }).from(creditLedger).where(eq(creditLedger.memberId, old))).toEqual([{ delta: 5 }]);
    const [record] = await handle.db.select().from(accountDeletions).where(eq(accountDeletions.memberId, old));
    expect(record!.purgedAt).not.toBeNull();
    // The address is free for a new account.
    expect(await existingAccount(handle.db, tenant.id, "gone@example.com")).toBe("none");

    expect((await status(young))!.status).toBe("deletion_requested");
    expect((await status(kept))!.status).toBe("active");
    expect(await purgeDeletedAccounts(handle.db, storage, now)).toBe(0);
  });
});

describe("erasure beyond the profile (review M-10)", () => {
  it("removes likes, blocks and swipes, the deletion remarks, and keeps mandates only as amounts with hashed IBAN and phone", async () => {
    const { id: leaving } = await createMember(handle.db, { tenant, email: "erase@example.com" });
    const { id: other } = await createMember(handle.db, { tenant, email: "other-erase@example.com" });
    await handle.db.insert(likes).values([{ likerId: leaving, likedId: other, source: "profile" }, { likerId: other, likedId: leaving, source: "search" }]);
    await handle.db.insert(blocks).values({ blockerId: other, blockedId: leaving });
    await handle.db.insert(swipePasses).values({ memberId: other, passedId: leaving, day: "2026-11-01" });
    await handle.db.insert(directDebitRequests).values({
      memberId: leaving, siteId: tenant.id, product: "bundle:small", amountCents: 1000, accountHolder: "E. Rase", iban: "NL91ABNA0417164300",
      street: "Laan", houseNumber: "1", zip: "1234 AB", city: "Utrecht", phone: "+31612345678", consentedAt: new Date(), codeHash: "x", expiresAt: new Date(),
    });
    const now = new Date();
    await requestDeletion(handle.db, { memberId: leaving, reason: "price", remarks: "Te duur, en mijn ex zit hier ook", now: new Date(now.getTime() - 15 * DAY_MS) });
    await purgeDeletedAccounts(handle.db, fakeStorage(), now);

    expect(await handle.db.select().from(likes).where(or(eq(likes.likerId, leaving), eq(likes.likedId, leaving)))).toEqual([]);
    expect(await handle.db.select().from(blocks).where(eq(blocks.blockedId, leaving))).toEqual([]);
    expect(await handle.db.select().from(swipePasses).where(eq(swipePasses.passedId, leaving))).toEqual([]);
    const [record] = await handle.db.select().from(accountDeletions).where(eq(accountDeletions.memberId, leaving));
    expect(record!.remarks).toBeNull();
    const [mandate] = await handle.db.select().from(directDebitRequests).where(eq(directDebitRequests.memberId, leaving));
    expect(mandate).toMatchObject({ accountHolder: "", street: "", city: "", amountCents: 1000 });
    // Keyed (review N-L-5): a plain hash of a phone number or IBAN is found again by trying them all.
    expect(mandate!.iban).toMatch(/^hmac:[0-9a-f]{64}$/);
    expect(mandate!.phone).toMatch(/^hmac:[0-9a-f]{64}$/);
    for (const [kept, plain] of [[mandate!.iban, "NL91ABNA0417164300"], [mandate!.phone, "+31612345678"]] as const) {
      expect(kept).not.toContain(createHash("sha256").update(plain).digest("hex"));
      expect(kept).toBe(mandateFingerprint(plain));
    }
  });

  it("purges accounts never confirmed after 30 days, unless they paid", async () => {
    const now = new Date();
    const { id: stale } = await createMember(handle.db, { tenant, email: "stale@example.com", status: "not_confirmed", createdAt: new Date(now.getTime() - 31 * DAY_MS) });
    const { id: recent } = await createMember(handle.db, { tenant, email: "recent@example.com", status: "not_confirmed", createdAt: new Date(now.getTime() - 29 * DAY_MS) });
    const { id: payer } = await createMember(handle.db, { tenant, email: "payer@example.com", status: "not_confirmed", createdAt: new Date(now.getTime() - 60 * DAY_MS) });
    await handle.db.insert(orders).values({ memberId: payer, siteId: tenant.id, product: "bundle:small", credits: 100, amountCents: 1000, currency: "EUR", method: "ideal", provider: "test", paymentId: `paid-${payer}`, status: "paid" });
    expect(await purgeUnconfirmedAccounts(handle.db, fakeStorage(), now)).toBe(1);
    expect(await status(stale)).toEqual({ status: "deleted", email: null });
    expect((await status(recent))!.status).toBe("not_confirmed");
    expect((await status(payer))!.status).toBe("not_confirmed");
  });

  it(`deletes the records of rejected photos (and any file left) ${REJECTED_PHOTO_RECORD_DAYS} days after the decision`, async () => {
    const { id } = await createMember(handle.db, { tenant, email: "rejected@example.com" });
    const now = new Date();
    await handle.db.insert(photos).values([
      { memberId: id, storageKey: "photos/rr/old.webp", thumbKey: "photos/rr/old-thumb.webp", width: 10, height: 10, status: "rejected", moderatedAt: new Date(now.getTime() - (REJECTED_PHOTO_RECORD_DAYS + 1) * DAY_MS) },
      { memberId: id, storageKey: "photos/rr/new.webp", thumbKey: "photos/rr/new-thumb.webp", width: 10, height: 10, status: "rejected", moderatedAt: new Date(now.getTime() - (REJECTED_PHOTO_RECORD_DAYS - 1) * DAY_MS) },
    ]);
    const storage = fakeStorage();
    expect(await purgeRejectedPhotos(handle.db, storage, now)).toBe(1);
    expect(storage.removed.sort()).toEqual(["photos/rr/old-thumb.webp", "photos/rr/old.webp"]);
    expect(await handle.db.select({ key: photos.storageKey }).from(photos).where(eq(photos.memberId, id))).toEqual([{ key: "photos/rr/new.webp" }]);
  });
});
