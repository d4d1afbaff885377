import { randomBytes } from "node:crypto";
import { and, count, eq, isNull, max, ne } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server";
import { photos, profiles } from "../../db/schema/index";
import type { Storage } from "~/services/storage/storage";
import { processPhoto, type PhotoRejected } from "~/services/images/process-photo.server";

/** Spec sections 1 and 9: free members keep up to 3 photos, premium members 25. */
export const PHOTO_LIMIT = { free: 3, premium: 25 } as const;

export type UploadResult = { ok: true; photoId: number } | { ok: false; reason: PhotoRejected["reason"] | "limit" };

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

  let processed;
  try {
    processed = await processPhoto(input.data);
  } catch (error) {
    if (error instanceof Error && "reason" in error) return { ok: false, reason: (error as PhotoRejected).reason };
    throw error;
  }
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
        width: processed.width,
        height: processed.height,
        status: "pending",
        position: (last?.position ?? -1) + 1,
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

/** The moderation decision (the moderation screens come later): approve or reject a pending photo. */
export async function moderatePhoto(db: Database, photoId: number, decision: "active" | "rejected"): Promise<void> {
  await db.transaction(async (tx) => {
    const [photo] = await tx
      .update(photos)
      .set({ status: decision, moderatedAt: new Date() })
      .where(eq(photos.id, photoId))
      .returning({ memberId: photos.memberId });
    if (photo && decision === "rejected") {
      await tx.update(profiles).set({ mainPhotoId: null }).where(and(eq(profiles.memberId, photo.memberId), eq(profiles.mainPhotoId, photoId)));
    }
  });
}

export async function memberPhotos(db: Database, storage: Storage, memberId: number) {
  const rows = await db
    .select({ id: photos.id, thumbKey: photos.thumbKey, status: photos.status })
    .from(photos)
    .where(and(eq(photos.memberId, memberId), ne(photos.status, "rejected")))
    .orderBy(photos.position);
  return rows.map((row) => ({ id: row.id, status: row.status, thumbUrl: storage.publicUrl(row.thumbKey) }));
}
