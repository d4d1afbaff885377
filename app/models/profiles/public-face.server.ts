// Which of a member's files are in the public storage area: their face and nothing else
// (docs/decisions/045-media-private-and-public-storage-areas.md, review L-3).
import { and, eq, gt, inArray, notInArray } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { members, photos, profiles, type Member } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";

/**
 * Accounts whose face is public. A banned (disabled) member keeps theirs: their conversations
 * still show them to the members they wrote with; a deleting or deleted account shows nowhere.
 */
const FACE_SHOWN: readonly Member["status"][] = ["active", "not_confirmed", "disabled"];
const FACE_HIDDEN: Member["status"][] = ["deletion_requested", "deleted"];

/**
 * Makes the public area match the member's face: the main photo while it is approved and the
 * account is shown, its picture and its thumb. Every other approved photo of theirs is taken out
 * of it (a former face: the main photo changed, or the account is being deleted); a photo being
 * checked never was a face, and a rejected or deleted one's files are removed from both areas
 * where it is decided. Idempotent: call it after every change of who the face is or whether it
 * may be shown. Concurrent calls for one member wait for each other on the profile row, so the
 * last state written is the last one decided.
 */
export async function syncPublicFace(db: Database, storage: Storage, memberId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ mainPhotoId: profiles.mainPhotoId, status: members.status })
      .from(profiles)
      .innerJoin(members, eq(members.id, profiles.memberId))
      .where(eq(profiles.memberId, memberId))
      .for("update", { of: profiles });
    const approved = await tx
      .select({ id: photos.id, storageKey: photos.storageKey, thumbKey: photos.thumbKey })
      .from(photos)
      .where(and(eq(photos.memberId, memberId), eq(photos.status, "active")));
    const face = profile && FACE_SHOWN.includes(profile.status) ? approved.find((photo) => photo.id === profile.mainPhotoId) : undefined;
    const former = approved.filter((photo) => photo !== face).flatMap((photo) => [photo.storageKey, photo.thumbKey]);
    const stillFaces = await facesOfOthers(tx, memberId, former);
    await Promise.all([
      ...(face ? [face.storageKey, face.thumbKey].map((key) => storage.publish(key)) : []),
      ...former.filter((key) => !stillFaces.has(key)).map((key) => storage.unpublish(key)),
    ]);
  });
}

/**
 * Of these keys, those another member shows as their face. Uploads get random keys of their own;
 * only demo pictures (`seed/`) may be shared — the bulk benchmark profiles share 64 — so only
 * those are looked up.
 */
async function facesOfOthers(tx: Executor, memberId: number, keys: string[]): Promise<Set<string>> {
  const shared = keys.filter((key) => key.startsWith("seed/"));
  if (shared.length === 0) return new Set();
  const rows = await tx
    .select({ storageKey: photos.storageKey, thumbKey: photos.thumbKey })
    .from(photos)
    .innerJoin(profiles, eq(profiles.mainPhotoId, photos.id))
    .innerJoin(members, eq(members.id, photos.memberId))
    .where(and(inArray(photos.storageKey, shared.filter((key) => !key.endsWith("-thumb.webp"))), eq(photos.status, "active"), notInArray(members.status, FACE_HIDDEN), notInArray(photos.memberId, [memberId])))
    .limit(shared.length);
  return new Set(rows.flatMap((row) => [row.storageKey, row.thumbKey]));
}

/** Faces published per round of the backfill. */
const BATCH = 500;
/** Copies at once: each is one request to the store (or one file copy on disk). */
const CONCURRENCY = 8;

/**
 * Publishes every member's current face (`npm run storage:publish`): after an upgrade, when the
 * public area is new and empty, or to repair it. Keys shared by many members are copied once.
 */
export async function publishAllFaces(db: Database, storage: Storage, log: (line: string) => void = () => undefined): Promise<{ faces: number; missing: string[] }> {
  const done = new Set<string>();
  const missing: string[] = [];
  let after = 0;
  let faces = 0;
  for (;;) {
    const rows = await db
      .select({ memberId: profiles.memberId, storageKey: photos.storageKey, thumbKey: photos.thumbKey })
      .from(profiles)
      .innerJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, "active")))
      .innerJoin(members, eq(members.id, profiles.memberId))
      .where(and(gt(profiles.memberId, after), inArray(members.status, [...FACE_SHOWN])))
      .orderBy(profiles.memberId)
      .limit(BATCH);
    if (rows.length === 0) return { faces, missing };
    after = rows.at(-1)!.memberId;
    const keys = [...new Set(rows.flatMap((row) => [row.storageKey, row.thumbKey]))].filter((key) => !done.has(key));
    for (const key of keys) if (key.startsWith("seed/")) done.add(key);
    for (let start = 0; start < keys.length; start += CONCURRENCY) {
      await Promise.all(
        keys.slice(start, start + CONCURRENCY).map(async (key) => {
          // A file lost from the private area is named and skipped: the others still go out.
          if (!(await storage.has(key))) missing.push(key);
          else await storage.publish(key);
        }),
      );
    }
    faces += rows.length;
    log(`storage: ${faces} faces so far`);
  }
}
