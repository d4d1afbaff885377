import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { members, photos, profiles, profileTextReviews } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { TenantRegistry } from "~/tenancy/registry";
import type { PhotoRejectReason, TextRejectReason } from "~/domain/moderation-reasons";
import { moderatePhoto } from "~/models/profiles/photos.server";
import { syncPublicFace } from "~/models/profiles/public-face.server";
import { signedMediaUrl } from "~/services/storage/signed-media.server";
import { recordStaffAction } from "~/models/staff/staff-audit.server";
import type { StaffMember } from "~/models/staff/staff-roles";
import { addNotice, mailNotice } from "./member-notices.server";

/** What the moderation queue shows (docs/product/moderation.md#the-queue): photos and changed texts, oldest first, flagged first. */
export type ReviewItem =
  | { type: "photo"; id: number; memberId: number; siteId: string; memberName: string; imageUrl: string; width: number; height: number; flags: string[]; createdAt: string }
  | { type: "text"; id: number; memberId: number; siteId: string; memberName: string; field: "name" | "about"; text: string; previous: string | null; heldWords: string[]; createdAt: string };

/** The brands a staff member may moderate, as a condition on a site id column. */
function brandCondition(staff: Pick<StaffMember, "brands">, column: typeof members.siteId | typeof profileTextReviews.siteId): SQL | undefined {
  return staff.brands.length > 0 ? inArray(column, staff.brands) : undefined;
}

/** The next items waiting, across the moderator's brands: flagged photos and held texts before the rest. */
export async function reviewQueue(db: Executor, staff: Pick<StaffMember, "brands">, limit = 50): Promise<{ items: ReviewItem[]; waiting: number }> {
  const [photoRows, textRows, [photoCount], [textCount]] = await Promise.all([
    db
      .select({ id: photos.id, memberId: photos.memberId, siteId: members.siteId, memberName: profiles.name, key: photos.storageKey, width: photos.width, height: photos.height, flags: photos.checkFlags, createdAt: photos.createdAt })
      .from(photos)
      .innerJoin(members, eq(members.id, photos.memberId))
      .innerJoin(profiles, eq(profiles.memberId, photos.memberId))
      .where(and(eq(photos.status, "pending"), brandCondition(staff, members.siteId)))
      .orderBy(sql`cardinality(${photos.checkFlags}) = 0`, asc(photos.createdAt), asc(photos.id))
      .limit(limit),
    db
      .select({ id: profileTextReviews.id, memberId: profileTextReviews.memberId, siteId: profileTextReviews.siteId, memberName: profiles.name, field: profileTextReviews.field, text: profileTextReviews.text, previous: profileTextReviews.previous, heldWords: profileTextReviews.heldWords, createdAt: profileTextReviews.createdAt })
      .from(profileTextReviews)
      .innerJoin(profiles, eq(profiles.memberId, profileTextReviews.memberId))
      .where(and(eq(profileTextReviews.status, "pending"), brandCondition(staff, profileTextReviews.siteId)))
      .orderBy(sql`cardinality(${profileTextReviews.heldWords}) = 0`, asc(profileTextReviews.createdAt), asc(profileTextReviews.id))
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(photos).innerJoin(members, eq(members.id, photos.memberId)).where(and(eq(photos.status, "pending"), brandCondition(staff, members.siteId))),
    db.select({ n: sql<number>`count(*)::int` }).from(profileTextReviews).where(and(eq(profileTextReviews.status, "pending"), brandCondition(staff, profileTextReviews.siteId))),
  ]);
  const items: ReviewItem[] = [
    ...photoRows.map((row) => ({ type: "photo" as const, id: row.id, memberId: row.memberId, siteId: row.siteId, memberName: row.memberName, imageUrl: signedMediaUrl(row.key), width: row.width, height: row.height, flags: row.flags, createdAt: row.createdAt.toISOString() })),
    ...textRows.map((row) => ({ type: "text" as const, ...row, createdAt: row.createdAt.toISOString() })),
  ];
  const urgent = (item: ReviewItem) => (item.type === "photo" ? item.flags.length > 0 : item.heldWords.length > 0);
  items.sort((a, b) => Number(urgent(b)) - Number(urgent(a)) || a.createdAt.localeCompare(b.createdAt));
  return { items: items.slice(0, limit), waiting: (photoCount?.n ?? 0) + (textCount?.n ?? 0) };
}

export interface Decider {
  staff: StaffMember | null;
  ip: string | null;
}

/**
 * Approves or rejects a photo being checked, when it belongs to one of the moderator's brands.
 * A rejection tells the member (notice and mail) and deletes the files; the row stays with its
 * hash, so the same picture is turned away when uploaded again. False when there was nothing to decide.
 */
export async function decidePhoto(
  db: Database,
  storage: Storage,
  registry: TenantRegistry,
  by: Decider,
  input: { photoId: number; decision: "approve" } | { photoId: number; decision: "reject"; reason: PhotoRejectReason },
): Promise<boolean> {
  const decided = await db.transaction(async (tx) => {
    const [photo] = await tx.select({ siteId: members.siteId }).from(photos).innerJoin(members, eq(members.id, photos.memberId)).where(eq(photos.id, input.photoId));
    if (!photo || (by.staff && by.staff.brands.length > 0 && !by.staff.brands.includes(photo.siteId))) return null;
    const done = await moderatePhoto(tx, input.photoId, input.decision === "approve" ? { status: "active" } : { status: "rejected", reason: input.reason });
    if (!done) return null;
    if (input.decision === "reject") await addNotice(tx, done.memberId, { kind: "photo_rejected", reason: input.reason });
    await recordStaffAction(tx, {
      staffId: by.staff?.id ?? null,
      action: input.decision === "approve" ? "photo_approve" : "photo_reject",
      siteId: photo.siteId,
      memberId: done.memberId,
      details: { photoId: input.photoId, ...(input.decision === "reject" ? { reason: input.reason } : {}) },
      ip: by.ip,
    });
    return done;
  });
  if (!decided) return false;
  if (input.decision === "reject") await Promise.all([storage.remove(decided.storageKey), storage.remove(decided.thumbKey)]);
  // An approved main photo becomes the member's public face; a rejection may hand it to another photo.
  await syncPublicFace(db, storage, decided.memberId);
  if (input.decision === "reject") await mailNotice(db, registry, decided.memberId, { kind: "photo_rejected", reason: input.reason });
  return true;
}

/**
 * Approves or rejects a changed text. Approving a held text puts it on the profile; rejecting a
 * text that was shown puts the previous one back. The member is told of a rejection.
 */
export async function decideText(
  db: Database,
  registry: TenantRegistry,
  by: Decider & { staff: StaffMember },
  input: { reviewId: number; decision: "approve" } | { reviewId: number; decision: "reject"; reason: TextRejectReason },
): Promise<boolean> {
  const decided = await db.transaction(async (tx) => {
    const [review] = await tx
      .update(profileTextReviews)
      .set({ status: input.decision === "approve" ? "approved" : "rejected", reason: input.decision === "reject" ? input.reason : null, decidedAt: new Date(), decidedBy: by.staff.id })
      .where(and(eq(profileTextReviews.id, input.reviewId), eq(profileTextReviews.status, "pending"), brandCondition(by.staff, profileTextReviews.siteId)))
      .returning();
    if (!review) return null;
    const held = review.heldWords.length > 0;
    const shown = input.decision === "approve" ? review.text : review.previous;
    if (input.decision === "approve" ? held : !held) {
      // A name cannot be empty: a rejected first name falls back to the previous one, if it had one.
      if (review.field === "about" || shown) await tx.update(profiles).set({ [review.field]: shown, updatedAt: new Date() }).where(eq(profiles.memberId, review.memberId));
    }
    if (input.decision === "reject") await addNotice(tx, review.memberId, { kind: "text_rejected", reason: input.reason, field: review.field });
    await recordStaffAction(tx, {
      staffId: by.staff.id,
      action: input.decision === "approve" ? "text_approve" : "text_reject",
      siteId: review.siteId,
      memberId: review.memberId,
      details: { field: review.field, held, ...(input.decision === "reject" ? { reason: input.reason } : {}) },
      ip: by.ip,
    });
    return review;
  });
  if (!decided) return false;
  if (input.decision === "reject") await mailNotice(db, registry, decided.memberId, { kind: "text_rejected", reason: input.reason, field: decided.field });
  return true;
}
