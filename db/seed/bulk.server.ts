import { sql } from "drizzle-orm";
import type { Storage } from "../../app/services/storage/storage";
import type { Tenant } from "../../app/tenancy/schema";
import type { Database } from "../client.server";
import { renderAvatar } from "./avatars.server";
import { demoProfile } from "./demo-profiles";

const BATCH = 5_000;
/** Distinct avatars rendered for a bulk seed; profiles share them. */
const AVATARS = 64;
/** Distinct demo people generated with full detail; bulk rows vary them cheaply. */
const TEMPLATES = 2_000;

/**
 * Fills a pool with `total` profiles for benchmarks: a few thousand generated people are
 * repeated with other ages, activity and cities, inserted 5,000 at a time through
 * `jsonb_to_recordset` (one statement inserts members, photos and profiles).
 */
export async function seedBulk(
  db: Database,
  storage: Storage,
  tenant: Tenant,
  total: number,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  const now = new Date();
  const templates = Array.from({ length: Math.min(TEMPLATES, total) }, (_, i) => demoProfile(tenant, 1_000_000 + i, now));
  const avatarKeys = await renderAvatars(storage, templates.slice(0, AVATARS).map((t) => ({ gender: t.profile.gender, age: t.age })));
  const prefix = `${tenant.pool}:bulk`;
  for (let start = 0; start < total; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      const t = templates[i % templates.length]!;
      const avatar = avatarKeys[i % avatarKeys.length]!;
      const birth = new Date(t.profile.birthDate);
      birth.setUTCDate(birth.getUTCDate() - (i % 365));
      rows.push({
        seed_ref: `${prefix}:${i}`,
        site_id: tenant.id,
        pool: tenant.pool,
        is_fictional: i % 10 === 0,
        created_at: t.createdAt.toISOString(),
        last_active_at: new Date(now.getTime() - ((i * 7919) % (30 * 86_400)) * 1000).toISOString(),
        name: t.profile.name,
        gender: t.profile.gender,
        sexuality: t.profile.sexuality,
        body_type: t.profile.bodyType,
        relationship_status: t.profile.relationshipStatus,
        birth_date: birth.toISOString().slice(0, 10),
        country: t.profile.country,
        region: t.profile.region,
        city: t.profile.city,
        interests: t.profile.interests,
        about: t.profile.about,
        photo_key: i % 7 === 0 ? null : avatar.main,
        thumb_key: i % 7 === 0 ? null : avatar.thumb,
      });
    }
    await insertRows(db, rows);
    log(`seed: ${Math.min(total, start + BATCH)} / ${total}`);
  }
  // Fresh statistics, or the planner keeps estimating the pool as empty and skips the indexes.
  await db.execute(sql`analyze members, profiles, photos`);
}

async function insertRows(db: Database, rows: object[]): Promise<void> {
  const input = JSON.stringify(rows);
  await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as r(
        seed_ref text, site_id text, pool text, is_fictional boolean, created_at timestamptz,
        last_active_at timestamptz, name text, gender gender, sexuality sexuality, body_type body_type,
        relationship_status relationship_status, birth_date date,
        country text, region text, city text, interests text[], about text, photo_key text, thumb_key text)
    ),
    new_members as (
      insert into members (site_id, status, is_fictional, seed_ref, created_at)
      select site_id, 'active', is_fictional, seed_ref, created_at from input
      on conflict (seed_ref) do nothing
      returning id, seed_ref
    ),
    new_photos as (
      insert into photos (member_id, storage_key, thumb_key, width, height, status)
      select m.id, i.photo_key, i.thumb_key, 480, 480, 'active'
      from new_members m join input i using (seed_ref)
      where i.photo_key is not null
      returning id, member_id
    )
    insert into profiles (member_id, pool, name, gender, sexuality, body_type, relationship_status, birth_date,
      country, region, city, interests, about, is_fictional, last_active_at, main_photo_id)
    select m.id, i.pool, i.name, i.gender, i.sexuality, i.body_type, i.relationship_status, i.birth_date,
      i.country, i.region, i.city,
      i.interests, i.about, i.is_fictional, i.last_active_at, p.id
    from new_members m join input i using (seed_ref) left join new_photos p on p.member_id = m.id
  `);
}

async function renderAvatars(storage: Storage, people: Array<{ gender: "male" | "female"; age: number }>) {
  return Promise.all(
    people.map(async (person, i) => {
      const keys = { main: `seed/bulk-${i}.webp`, thumb: `seed/bulk-${i}-thumb.webp` };
      if (!(await storage.has(keys.main))) {
        const image = await renderAvatar({ seed: `bulk-${i}`, ...person });
        await storage.put(keys.main, image.main, "image/webp");
        await storage.put(keys.thumb, image.thumb, "image/webp");
      }
      // Every bulk profile's one photo is its face: public (docs/decisions/045-media-private-and-public-storage-areas.md).
      await Promise.all([storage.publish(keys.main), storage.publish(keys.thumb)]);
      return keys;
    }),
  );
}
