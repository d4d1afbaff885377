import { count, eq, inArray, isNull, and } from "drizzle-orm";
import type { Storage } from "../../app/services/storage/storage";
import type { TenantRegistry } from "../../app/tenancy/registry";
import type { Tenant } from "../../app/tenancy/schema";
import type { Database } from "../client.server";
import { members, photos, profiles } from "../schema/index";
import { blurredPreview } from "../../app/services/images/process-photo.server";
import { PHOTO_SIZE, renderAvatar } from "./avatars.server";
import { demoProfile, type DemoProfile } from "./demo-profiles";

export const DEMO_PROFILES_PER_POOL = 300;
const BATCH = 100;
/** Avatars rendered at once; sharp works on its own threads. */
const RENDER_CONCURRENCY = 8;

export async function seedIfEmpty(
  db: Database,
  registry: TenantRegistry,
  storage: Storage,
  options: { perPool: number; log: (line: string) => void },
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(members);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db, registry, storage, options);
  return true;
}

/**
 * Demo members for every member pool. Each pool's people come from the first brand of the pool
 * (its niche, countries and language) and belong to that brand's site. Safe to run again: members
 * are keyed by a stable seed reference and photos by their storage key.
 */
export async function seedDemo(
  db: Database,
  registry: TenantRegistry,
  storage: Storage,
  options: { perPool: number; log?: (line: string) => void; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  for (const pool of registry.pools()) {
    const owner = registry.inPool(pool)[0]!;
    const people = Array.from({ length: options.perPool }, (_, i) => demoProfile(owner, i, now));
    for (let start = 0; start < people.length; start += BATCH) {
      await insertBatch(db, owner, people.slice(start, start + BATCH));
    }
    await attachPhotos(db, storage, people);
    options.log?.(`seed: pool ${pool}: ${people.length} profiles`);
  }
}

async function insertBatch(db: Database, owner: Tenant, batch: DemoProfile[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(members)
      .values(
        batch.map((p) => ({
          siteId: owner.id,
          email: p.email,
          status: "active" as const,
          isFictional: p.isFictional,
          language: null,
          seedRef: p.seedRef,
          createdAt: p.createdAt,
        })),
      )
      .onConflictDoNothing({ target: members.seedRef });
    const ids = await tx
      .select({ id: members.id, seedRef: members.seedRef })
      .from(members)
      .where(inArray(members.seedRef, batch.map((p) => p.seedRef)));
    const idByRef = new Map(ids.map((row) => [row.seedRef, row.id]));
    await tx
      .insert(profiles)
      .values(
        batch.map((p) => ({
          memberId: idByRef.get(p.seedRef)!,
          pool: owner.pool,
          isFictional: p.isFictional,
          lastActiveAt: p.lastActiveAt,
          ...p.profile,
        })),
      )
      .onConflictDoNothing({ target: profiles.memberId });
  });
}

/** One person in this many with a photo gets a small gallery: locked photos need something to lock. */
const GALLERY_EVERY = 5;
const GALLERY_EXTRA = 2;

async function attachPhotos(db: Database, storage: Storage, people: DemoProfile[]): Promise<void> {
  const wanted = people.filter((p) => p.hasPhoto);
  const missing = await db
    .select({ id: members.id, seedRef: members.seedRef })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(inArray(members.seedRef, wanted.map((p) => p.seedRef)), isNull(profiles.mainPhotoId)));
  const byRef = new Map(wanted.map((p) => [p.seedRef, p]));
  for (let start = 0; start < missing.length; start += RENDER_CONCURRENCY) {
    await Promise.all(
      missing.slice(start, start + RENDER_CONCURRENCY).map(async ({ id, seedRef }, offset) => {
        const person = byRef.get(seedRef!)!;
        const extra = (start + offset) % GALLERY_EVERY === 0 ? GALLERY_EXTRA : 0;
        const rendered: Array<Awaited<ReturnType<typeof demoPhoto>>> = [];
        for (let n = 0; n <= extra; n++) {
          const seed = n === 0 ? seedRef! : `${seedRef!}#${n}`;
          rendered.push(await demoPhoto(storage, seed, person));
        }
        await db.transaction(async (tx) => {
          const inserted = await tx
            .insert(photos)
            .values(rendered.map((photo, position) => ({ memberId: id, ...photo, width: PHOTO_SIZE, height: PHOTO_SIZE, status: "active" as const, position })))
            .returning({ id: photos.id });
          await tx.update(profiles).set({ mainPhotoId: inserted[0]!.id }).where(eq(profiles.memberId, id));
        });
        // The first photo is the demo member's face: the only one anyone may load without a link
        // (docs/decisions/045-media-private-and-public-storage-areas.md); the others stay private.
        await Promise.all([storage.publish(rendered[0]!.storageKey), storage.publish(rendered[0]!.thumbKey)]);
      }),
    );
  }
}

/** A rendered portrait in storage (kept when it is there already) with its blurred preview. */
async function demoPhoto(storage: Storage, seed: string, person: DemoProfile) {
  const slug = seed.replace(":", "-").replace("#", "-");
  const keys = { storageKey: `seed/${slug}.webp`, thumbKey: `seed/${slug}-thumb.webp` };
  if ((await storage.has(keys.storageKey)) && (await storage.has(keys.thumbKey))) return { ...keys, preview: null };
  const image = await renderAvatar({ seed, gender: person.profile.gender, age: person.age });
  await storage.put(keys.storageKey, image.main, "image/webp");
  await storage.put(keys.thumbKey, image.thumb, "image/webp");
  return { ...keys, preview: await blurredPreview(image.thumb) };
}
