import { createHmac } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import {
  accountDeletions,
  blocks,
  directDebitRequests,
  emailTokens,
  likes,
  loginAttempts,
  memberDiscounts,
  members,
  notificationMailLog,
  orders,
  photos,
  profiles,
  pushSubscriptions,
  sessions,
  swipeDays,
  swipePasses,
} from "../../../db/schema";
import { signingKey } from "~/services/secrets/keys.server";
import type { Storage } from "~/services/storage/storage";
import type { Tenant } from "~/tenancy/schema";
import { sendReactivationMail } from "./account-mail.server";
import { checkCurrentPassword, type PasswordCheck } from "./account-settings.server";
import { removeConversationsOf } from "~/models/chat/conversations.server";
import { DELETION_GRACE_DAYS, type DeletionReason } from "~/domain/deletion-reasons";
import { consumeToken, countTokensSince, issueToken } from "./email-tokens.server";
import { endMemberSessions } from "./sessions.server";
import { isListed } from "~/models/members/listing";
import { recordSecurityEvent } from "~/models/safety/security-events.server";
import { syncPublicFace } from "~/models/profiles/public-face.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reactivation mails a deleting member can ask for (by logging in) per day. */
export const REACTIVATION_MAILS_PER_DAY = 3;
/** How long the brand's delete_discount offer stays valid once accepted. */
export const DELETE_DISCOUNT_DAYS = 30;

export interface DeletionRequested {
  token: string;
  recipient: { email: string; name: string; language: string | null };
}

/**
 * docs/product/accounts.md#account-deletion: the account becomes deletion-requested — hidden from others, every session
 * ended — and a reactivation link is made that works for the grace period. Returns null when
 * the account is not in a state that can be deleted.
 */
export async function requestDeletion(
  db: Database,
  input: { memberId: number; reason: DeletionReason; remarks: string | null; now?: Date },
): Promise<DeletionRequested | null> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ siteId: members.siteId, email: members.email, status: members.status, language: members.language, name: profiles.name })
      .from(members)
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .where(eq(members.id, input.memberId))
      .for("update", { of: members });
    if (!member?.email || (member.status !== "active" && member.status !== "not_confirmed" && member.status !== "disabled")) return null;
    await tx.update(members).set({ status: "deletion_requested", deletionRequestedAt: now }).where(eq(members.id, input.memberId));
    await tx.update(profiles).set({ listed: false, updatedAt: now }).where(eq(profiles.memberId, input.memberId));
    await tx.insert(accountDeletions).values({
      memberId: input.memberId,
      siteId: member.siteId,
      previousStatus: member.status,
      reason: input.reason,
      remarks: input.remarks || null,
      requestedAt: now,
    });
    await endMemberSessions(tx, input.memberId);
    await recordSecurityEvent(tx, { memberId: input.memberId, siteId: member.siteId, kind: "deletion_requested", now });
    const token = await issueToken(tx, { memberId: input.memberId, purpose: "reactivate", now });
    return { token, recipient: { email: member.email!, name: member.name, language: member.language } };
  });
}

/**
 * Undoes a deletion request with its e-mailed link, within the grace period. The account
 * returns to its former state (an unconfirmed address counts as confirmed by the link) and is
 * listed again unless invisible. Returns the member id, or null for a used/expired/foreign link.
 */
export async function reactivateAccount(db: Database, storage: Storage, tenant: Tenant, token: string, now = new Date()): Promise<number | null> {
  const reactivated = await db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, "reactivate", tenant.id, now);
    if (!used) return null;
    const [deletion] = await tx
      .select({ id: accountDeletions.id, previousStatus: accountDeletions.previousStatus })
      .from(accountDeletions)
      .where(and(eq(accountDeletions.memberId, used.memberId), isNull(accountDeletions.reactivatedAt), isNull(accountDeletions.purgedAt)))
      .orderBy(desc(accountDeletions.requestedAt))
      .limit(1);
    const status = deletion?.previousStatus === "disabled" ? "disabled" : "active";
    const [member] = await tx
      .update(members)
      .set({ status, deletionRequestedAt: null })
      .where(
        and(
          eq(members.id, used.memberId),
          eq(members.status, "deletion_requested"),
          gt(members.deletionRequestedAt, new Date(now.getTime() - DELETION_GRACE_DAYS * DAY_MS)),
        ),
      )
      .returning({ invisible: members.invisible });
    if (!member) return null;
    await tx
      .update(profiles)
      .set({ listed: isListed(status, member.invisible), updatedAt: now })
      .where(eq(profiles.memberId, used.memberId));
    if (deletion) await tx.update(accountDeletions).set({ reactivatedAt: now }).where(eq(accountDeletions.id, deletion.id));
    await recordSecurityEvent(tx, { memberId: used.memberId, siteId: tenant.id, kind: "reactivated", now });
    return used.memberId;
  });
  // The face is public again (review L-3).
  if (reactivated !== null) await syncPublicFace(db, storage, reactivated);
  return reactivated;
}

/**
 * Mails a new reactivation link to a deleting member who proved the password by logging in, at
 * most a few a day. Returns whether a mail went out.
 */
export async function mailReactivationLink(db: Database, tenant: Tenant, memberId: number, origin: string, now = new Date()): Promise<boolean> {
  const sent = await countTokensSince(db, memberId, "reactivate", new Date(now.getTime() - DAY_MS));
  if (sent >= REACTIVATION_MAILS_PER_DAY) return false;
  const [member] = await db
    .select({ email: members.email, language: members.language, name: profiles.name })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(members.id, memberId), eq(members.siteId, tenant.id), eq(members.status, "deletion_requested")));
  if (!member?.email) return false;
  const token = await issueToken(db, { memberId, purpose: "reactivate", now });
  await sendReactivationMail(tenant, { email: member.email, name: member.name, language: member.language }, token, origin);
  return true;
}

/**
 * The whole "delete my account" step (docs/product/accounts.md#account-deletion): the member's
 * password first (wrong guesses count towards the login throttle), then the deletion request and
 * the mail with the reactivation link. The caller ends the browser's session.
 */
export async function deleteAccount(
  db: Database,
  storage: Storage,
  tenant: Tenant,
  input: { memberId: number; password: string; reason: DeletionReason; remarks: string | null; ip: string | null; origin: string },
): Promise<PasswordCheck> {
  const check = await checkCurrentPassword(db, tenant, input.memberId, input.password, input.ip);
  if (!check.ok) return check;
  const requested = await requestDeletion(db, { memberId: input.memberId, reason: input.reason, remarks: input.remarks });
  // A deleting account shows nowhere: its face leaves the public area at once (review L-3).
  if (requested) await syncPublicFace(db, storage, input.memberId);
  if (requested) await sendReactivationMail(tenant, requested.recipient, requested.token, input.origin);
  return check;
}

/** The discount in percent offered before deleting: the brand's, unless the member holds it already (0: none). */
export async function deleteDiscountOffer(db: Database, tenant: Tenant, memberId: number): Promise<number> {
  const percent = tenant.company.delete_discount;
  return percent > 0 && !(await hasDeleteDiscount(db, memberId)) ? percent : 0;
}

/**
 * The brand's delete_discount, accepted instead of leaving: the member's next purchase within
 * DELETE_DISCOUNT_DAYS gets it, once (docs/product/payments.md#personal-discounts).
 */
export async function acceptDeleteDiscount(db: Database, tenant: Tenant, memberId: number, now = new Date()): Promise<boolean> {
  const percentage = tenant.company.delete_discount;
  if (percentage <= 0) return false;
  await db
    .insert(memberDiscounts)
    .values({ memberId, kind: "delete_discount", percentage, currency: tenant.currency, expiresAt: new Date(now.getTime() + DELETE_DISCOUNT_DAYS * DAY_MS), createdAt: now })
    .onConflictDoNothing();
  return true;
}

/** Whether the member already holds the delete discount (so it is not offered twice). */
export async function hasDeleteDiscount(db: Database, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: memberDiscounts.id })
    .from(memberDiscounts)
    .where(and(eq(memberDiscounts.memberId, memberId), eq(memberDiscounts.kind, "delete_discount")))
    .limit(1);
  return row !== undefined;
}

/**
 * The scheduled purge (docs/product/accounts.md#grace-period): accounts whose deletion request is older than the grace
 * period lose every piece of personal data — profile, photos (also in storage), sessions,
 * links, push subscriptions, login history. The bare member row stays as 'deleted' so that the
 * credit ledger and payments keep their (now anonymous) owner. Returns how many were purged.
 */
export async function purgeDeletedAccounts(db: Database, storage: Storage, now = new Date(), batch = 100): Promise<number> {
  const cutoff = new Date(now.getTime() - DELETION_GRACE_DAYS * DAY_MS);
  let purged = 0;
  for (;;) {
    const due = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.status, "deletion_requested"), lt(members.deletionRequestedAt, cutoff)))
      .limit(batch);
    if (due.length === 0) return purged;
    for (const { id } of due) {
      const keys = await purgeAccount(db, id, and(eq(members.status, "deletion_requested"), lt(members.deletionRequestedAt, cutoff))!, now);
      if (keys === null) continue;
      for (const key of keys) {
        // A file left behind is harmless (random name, no row points to it); keep purging.
        await storage.remove(key).catch(() => undefined);
      }
      purged += 1;
    }
  }
}

/** Addresses that never confirmed are not kept: the account goes after this many days (review M-10). */
export const UNCONFIRMED_KEEP_DAYS = 30;

/**
 * Accounts whose address was never confirmed within 30 days are purged like deleted ones: the
 * address may be a stranger's, typed by someone else. One that ever paid is kept.
 */
export async function purgeUnconfirmedAccounts(db: Database, storage: Storage, now = new Date(), batch = 100): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_KEEP_DAYS * DAY_MS);
  const due = and(eq(members.status, "not_confirmed"), lt(members.createdAt, cutoff), sql`not exists (select 1 from ${orders} where ${orders.memberId} = ${members.id} and ${orders.status} = 'paid')`)!;
  let purged = 0;
  for (;;) {
    const rows = await db.select({ id: members.id }).from(members).where(due).limit(batch);
    if (rows.length === 0) return purged;
    for (const { id } of rows) {
      const keys = await purgeAccount(db, id, due, now);
      if (keys === null) continue;
      await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
      purged += 1;
    }
  }
}

/**
 * How long the record of a rejected photo is kept: its perceptual hash turns the same picture away
 * when it is uploaded again (docs/product/moderation.md#image-checks). Its files go at the decision.
 */
export const REJECTED_PHOTO_RECORD_DAYS = 180;

/** Rejected photos' records (and any file left) after REJECTED_PHOTO_RECORD_DAYS. */
export async function purgeRejectedPhotos(db: Database, storage: Storage, now = new Date()): Promise<number> {
  const removed = await db
    .delete(photos)
    .where(and(eq(photos.status, "rejected"), lt(photos.moderatedAt, new Date(now.getTime() - REJECTED_PHOTO_RECORD_DAYS * DAY_MS))))
    .returning({ main: photos.storageKey, thumb: photos.thumbKey });
  await Promise.all(removed.flatMap((file) => [file.main, file.thumb]).map((key) => storage.remove(key).catch(() => undefined)));
  return removed.length;
}

/**
 * What is kept of an IBAN or phone once its owner is gone: enough to recognise it again for fraud
 * control. Keyed with a secret of its own (review N-L-5): phone numbers and one bank's account numbers
 * are few enough to hash them all, so a plain hash would name the member again.
 */
export function mandateFingerprint(value: string): string {
  return `hmac:${createHmac("sha256", signingKey("mandate-fingerprint")).update(value).digest("hex")}`;
}

/** Purges one account; returns the storage keys of its photos, or null when it was no longer due. */
async function purgeAccount(db: Database, memberId: number, due: SQL, now: Date): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ siteId: members.siteId, email: members.email })
      .from(members)
      .where(and(eq(members.id, memberId), due))
      .for("update");
    // Reactivated, confirmed (or purged by another process) meanwhile.
    if (!member) return null;
    await tx
      .update(members)
      .set({ status: "deleted", email: null, passwordHash: null, tracking: null, language: null, mailOptOuts: [], notificationsDisabled: [] })
      .where(eq(members.id, memberId));
    const files = await tx.delete(photos).where(eq(photos.memberId, memberId)).returning({ main: photos.storageKey, thumb: photos.thumbKey });
    // Their conversations go with them, for both sides, with every photo sent in them.
    const chatFiles = await removeConversationsOf(tx, memberId);
    await tx.delete(profiles).where(eq(profiles.memberId, memberId));
    await tx.delete(sessions).where(eq(sessions.memberId, memberId));
    await tx.delete(emailTokens).where(eq(emailTokens.memberId, memberId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));
    await tx.delete(memberDiscounts).where(eq(memberDiscounts.memberId, memberId));
    await tx.delete(likes).where(or(eq(likes.likerId, memberId), eq(likes.likedId, memberId)));
    await tx.delete(blocks).where(or(eq(blocks.blockerId, memberId), eq(blocks.blockedId, memberId)));
    await tx.delete(swipeDays).where(eq(swipeDays.memberId, memberId));
    await tx.delete(swipePasses).where(or(eq(swipePasses.memberId, memberId), eq(swipePasses.passedId, memberId)));
    await tx.delete(notificationMailLog).where(eq(notificationMailLog.memberId, memberId));
    await tx.update(orders).set({ country: null }).where(eq(orders.memberId, memberId));
    // Mandates keep their amounts for the books; who signed them goes, IBAN and phone only as hashes.
    const mandates = await tx.select({ id: directDebitRequests.id, iban: directDebitRequests.iban, phone: directDebitRequests.phone }).from(directDebitRequests).where(eq(directDebitRequests.memberId, memberId));
    for (const mandate of mandates) {
      await tx
        .update(directDebitRequests)
        .set({ accountHolder: "", street: "", houseNumber: "", zip: "", city: "", iban: mandateFingerprint(mandate.iban), phone: mandateFingerprint(mandate.phone) })
        .where(eq(directDebitRequests.id, mandate.id));
    }
    if (member.email) {
      await tx.delete(loginAttempts).where(and(eq(loginAttempts.siteId, member.siteId), eq(loginAttempts.email, member.email)));
    }
    await tx.update(accountDeletions).set({ purgedAt: now, remarks: null }).where(and(eq(accountDeletions.memberId, memberId), isNull(accountDeletions.reactivatedAt)));
    return [...files.flatMap((file) => [file.main, file.thumb]), ...chatFiles];
  });
}
