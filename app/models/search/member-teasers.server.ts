import { shownOnBrand } from "~/models/members/listing";
import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { Tenant } from "~/tenancy/schema";
import { ageOn } from "~/utils/age";
import { TtlCache } from "~/utils/ttl-cache";
import { approvedMainPhoto } from "~/models/members/member-cards.server";

export interface MemberTeaser {
  id: number;
  name: string;
  age: number | null;
  country: string | null;
  region: string | null;
  city: string | null;
  photoUrl: string;
  isFictional: boolean;
  interests: string[];
  /** ISO time. */
  lastActiveAt: string;
}

/**
 * Recently active members of a pool who have an approved photo, for the home page and the landers.
 * Only the pool's listed profiles: never another brand's members, never hidden ones.
 */
export async function recentMemberTeasers(db: Database, storage: Storage, scope: { pool: string; siteId: string }, limit: number): Promise<MemberTeaser[]> {
  const rows = await db
    .select({
      id: profiles.memberId,
      name: profiles.name,
      birthDate: profiles.birthDate,
      country: profiles.country,
      region: profiles.region,
      city: profiles.city,
      thumbKey: photos.thumbKey,
      isFictional: profiles.isFictional,
      interests: profiles.interests,
      lastActiveAt: profiles.lastActiveAt,
    })
    .from(profiles)
    .innerJoin(photos, approvedMainPhoto)
    .where(and(eq(profiles.pool, scope.pool), eq(profiles.listed, true), shownOnBrand(scope.siteId)))
    .orderBy(desc(profiles.lastActiveAt), desc(profiles.memberId))
    .limit(limit);
  return rows.map(({ birthDate, thumbKey, lastActiveAt, ...row }) => ({
    ...row,
    age: birthDate ? ageOn(birthDate) : null,
    photoUrl: storage.publicUrl(thumbKey),
    lastActiveAt: lastActiveAt.toISOString(),
  }));
}

/** How many faces the home page and a lander show at most. */
export const SHOWN_TEASERS = 24;

/**
 * The home page and the landers show every visitor of a brand the same faces: the pool's are read
 * once a minute per brand and process, not per visit (docs/product/landers.md#speed).
 */
const shownTeasers = new TtlCache<string, MemberTeaser[]>(60_000);

/** The pool's recently active listed members with an approved photo, as this brand may show them. */
export async function brandTeasers(
  db: Database,
  storage: Storage,
  tenant: Pick<Tenant, "id" | "pool" | "settings">,
  limit = SHOWN_TEASERS,
): Promise<MemberTeaser[]> {
  const members = await shownTeasers.get(`${tenant.pool}\n${tenant.id}`, () => recentMemberTeasers(db, storage, { pool: tenant.pool, siteId: tenant.id }, SHOWN_TEASERS));
  return teasersAsShown(members.slice(0, limit), tenant.settings.visible_profile_fields);
}

/** Teasers as a brand shows them: what its visible_profile_fields leave out is left out (the town with the city). */
function teasersAsShown(teasers: MemberTeaser[], visibleFields: readonly string[]): MemberTeaser[] {
  const visible = new Set(visibleFields);
  return teasers.map((teaser) => ({
    ...teaser,
    age: visible.has("date_of_birth") ? teaser.age : null,
    city: visible.has("city") ? teaser.city : null,
    region: visible.has("city") ? teaser.region : null,
    interests: visible.has("interests") ? teaser.interests : [],
  }));
}

/** Counting a pool of millions takes longer than the page may: the home page's count may be five minutes old. */
const memberCounts = new TtlCache<string, number>(5 * 60 * 1000);

export function countListedMembersCached(db: Database, pool: string): Promise<number> {
  return memberCounts.get(pool, () => countListedMembers(db, pool));
}

export async function countListedMembers(db: Database, pool: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.pool, pool), eq(profiles.listed, true)));
  return row?.n ?? 0;
}
