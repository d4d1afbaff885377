import { randomBytes } from "node:crypto";
import { and, asc, count, eq, isNull, max, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import { processPhoto, type PhotoRejected } from "~/services/images/process-photo.server";
import { checkPhoto } from "~/services/images/photo-checks.server";
import { ALL_BRANDS, countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { signedMediaUrl } from "~/services/storage/signed-media.server";
import { syncPublicFace } from "./public-face.server";

/** docs/product/profiles.md#photos: free members keep up to 3 photos, premium members 25. */
export const PHOTO_LIMIT = { free: 3, premium: 25 } as const;

export type UploadResult =
  | { ok: true; photoId: number }
  | { ok: false; reason: PhotoRejected["reason"] | "limit" | "duplicate" }
  | { ok: false; reason: "tooMany"; retryAfterSeconds: number };

export function photoLimit(paidUser: boolean): number {
  return paidUser ? PHOTO_LIMIT.premium : PHOTO_LIMIT.free;
}

/**
 * Stores a new photo of a member: checked and re-encoded, saved under random keys, and
 * 'being checked' (pending) until moderated — visible to its owner only. The first photo
 * becomes the main photo. Rejected photos do not count towards the limit.
 */
export async function uploadPhoto(
  db: Database,
  storage: Storage,
  input: { memberId: number; paidUser: boolean; data: Buffer },
): Promise<UploadResult> {
  if ((await countPhotos(db, input.memberId)) >= photoLimit(input.paidUser)) return { ok: false, reason: "limit" };
  // Upload, delete, upload again: each decode costs, so a member gets a few dozen an hour (review M-5).
  const counted = await countRequest(db, ALL_BRANDS, [[RATE_LIMITS.profilePhotoPerMember, input.memberId]]);
  if (!counted.ok) return { ok: false, reason: "tooMany", retryAfterSeconds: counted.retryAfterSeconds };

  let processed;
  try {
    processed = await processPhoto(input.data);
  } catch (error) {
    if (error instanceof Error && "reason" in error) return { ok: false, reason: (error as PhotoRejected).reason };
    throw error;
  }
  const checked = await checkPhoto(processed.main);
  if (await isRejectedBefore(db, checked)) return { ok: false, reason: "duplicate" };
  const name = randomBytes(16).toString("hex");
  const keys = { main: `photos/${name.slice(0, 2)}/${name}.webp`, thumb: `photos/${name.slice(0, 2)}/${name}-thumb.webp` };
  await storage.put(keys.main, processed.main, "image/webp");
  await storage.put(keys.thumb, processed.thumb, "image/webp");

  const stored = await db.transaction(async (tx) => {
    // The profile row is the lock: two uploads at once cannot both take the last place.
    await tx.select({ id: profiles.memberId }).from(profiles).where(eq(profiles.memberId, input.memberId)).for("update");
    if ((await countPhotos(tx, input.memberId)) >= photoLimit(input.paidUser)) return null;
    const [last] = await tx.select({ position: max(photos.position) }).from(photos).where(eq(photos.memberId, input.memberId));
    const [photo] = await tx
      .insert(photos)
      .values({
        memberId: input.memberId,
        storageKey: keys.main,
        thumbKey: keys.thumb,
        preview: processed.preview,
        width: processed.width,
        height: processed.height,
        status: "pending",
        position: (last?.position ?? -1) + 1,
        phash: checked.phash,
        checkFlags: checked.flags,
      })
      .returning({ id: photos.id });
    await tx
      .update(profiles)
      .set({ mainPhotoId: photo!.id })
      .where(and(eq(profiles.memberId, input.memberId), isNull(profiles.mainPhotoId)));
    return photo!.id;
  });
  if (stored === null) {
    await Promise.all([storage.remove(keys.main), storage.remove(keys.thumb)]);
    return { ok: false, reason: "limit" };
  }
  return { ok: true, photoId: stored };
}

async function countPhotos(db: Executor, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(photos)
    .where(and(eq(photos.memberId, memberId), ne(photos.status, "rejected")));
  return row?.n ?? 0;
}

/**
 * Bits two perceptual hashes may differ in and still be the same picture (re-saved, resized,
 * re-compressed): docs/product/moderation.md#image-checks.
 */
const SAME_IMAGE_BITS = 6;

/**
 * Whether a moderator rejected this picture before, on any brand. A one-colour image's hash says
 * nothing about it, so it is never called a duplicate.
 */
async function isRejectedBefore(db: Executor, checked: { phash: bigint; flags: string[] }): Promise<boolean> {
  if (checked.flags.includes("one_colour")) return false;
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(
      and(
        eq(photos.status, "rejected"),
        sql`${photos.phash} is not null`,
        sql`bit_count((${photos.phash} # ${checked.phash})::bit(64)) <= ${SAME_IMAGE_BITS}`,
        sql`not ('one_colour' = any(${photos.checkFlags}))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Approves or rejects a photo being checked, in the caller's transaction; null when it was not being checked. */
export async function moderatePhoto(
  tx: Executor,
  photoId: number,
  decision: { status: "active" } | { status: "rejected"; reason: string },
  /** When given, only a photo of this member is decided (a report decision: review N-M-4). */
  memberId?: number,
): Promise<{ memberId: number; storageKey: string; thumbKey: string } | null> {
  const [photo] = await tx
    .update(photos)
    .set({ status: decision.status, moderatedAt: new Date(), rejectReason: decision.status === "rejected" ? decision.reason : null })
    .where(and(eq(photos.id, photoId), eq(photos.status, "pending"), memberId === undefined ? undefined : eq(photos.memberId, memberId)))
    .returning({ memberId: photos.memberId, storageKey: photos.storageKey, thumbKey: photos.thumbKey });
  if (!photo) return null;
  await repairMainPhoto(tx, photo.memberId);
  return photo;
}

/**
 * Keeps the main photo one that others may see when there is one: the chosen photo while it is
 * approved, else the first approved photo, else the chosen one while it is being checked, else
 * the first one being checked, else none.
 */
async function repairMainPhoto(tx: Executor, memberId: number): Promise<void> {
  const [current] = await tx
    .select({ id: photos.id, status: photos.status })
    .from(profiles)
    .innerJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(profiles.memberId, memberId));
  if (current?.status === "active") return;
  const [next] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.memberId, memberId), ne(photos.status, "rejected")))
    .orderBy(sql`${photos.status} = 'active' desc`, sql`${photos.id} = ${current?.id ?? 0} desc`, asc(photos.position))
    .limit(1);
  if (next?.id === current?.id && current) return;
  await tx.update(profiles).set({ mainPhotoId: next?.id ?? null, updatedAt: new Date() }).where(eq(profiles.memberId, memberId));
}

/** Makes one of the member's approved photos the main photo (and their public face). False for a photo that is not theirs or not approved. */
export async function setMainPhoto(db: Database, storage: Storage, memberId: number, photoId: number): Promise<boolean> {
  const [photo] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.memberId, memberId), eq(photos.status, "active")));
  if (!photo) return false;
  await db.update(profiles).set({ mainPhotoId: photo.id, updatedAt: new Date() }).where(eq(profiles.memberId, memberId));
  await syncPublicFace(db, storage, memberId);
  return true;
}

/** Deletes one of the member's photos, from the database and from storage. False when it is not theirs. */
export async function deletePhoto(db: Database, storage: Storage, memberId: number, photoId: number): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const [photo] = await tx
      .delete(photos)
      .where(and(eq(photos.id, photoId), eq(photos.memberId, memberId)))
      .returning({ storageKey: photos.storageKey, thumbKey: photos.thumbKey });
    if (photo) await repairMainPhoto(tx, memberId);
    return photo ?? null;
  });
  if (!removed) return false;
  await Promise.all([storage.remove(removed.storageKey), storage.remove(removed.thumbKey)]);
  // Another photo may have become the face.
  await syncPublicFace(db, storage, memberId);
  return true;
}

export interface OwnPhoto {
  id: number;
  status: "pending" | "active" | "rejected";
  thumbUrl: string;
  isMain: boolean;
}

/**
 * A member's own photos (rejected ones are gone for them), in their order: through signed links,
 * as those being checked and those locked for others are not in the public area (review L-3).
 */
export async function memberPhotos(db: Database, memberId: number): Promise<OwnPhoto[]> {
  const rows = await db
    .select({ id: photos.id, thumbKey: photos.thumbKey, status: photos.status, mainPhotoId: profiles.mainPhotoId })
    .from(photos)
    .innerJoin(profiles, eq(profiles.memberId, photos.memberId))
    .where(and(eq(photos.memberId, memberId), ne(photos.status, "rejected")))
    .orderBy(photos.position);
  return rows.map((row) => ({ id: row.id, status: row.status, thumbUrl: signedMediaUrl(row.thumbKey), isMain: row.id === row.mainPhotoId }));
}

/** Photos being checked in a member pool, oldest first: the moderation queue (private: signed links). */
export async function pendingPhotos(db: Database, pool: string) {
  const rows = await db
    .select({ id: photos.id, memberId: photos.memberId, thumbKey: photos.thumbKey, memberName: profiles.name })
    .from(photos)
    .innerJoin(profiles, eq(profiles.memberId, photos.memberId))
    .where(and(eq(photos.status, "pending"), eq(profiles.pool, pool)))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(200);
  return rows.map((row) => ({ id: row.id, memberId: row.memberId, memberName: row.memberName, thumbUrl: signedMediaUrl(row.thumbKey) }));
}
