import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import { ageOn } from "~/utils/age";
import { TtlCache } from "~/utils/ttl-cache";
import { shownOnBrand } from "~/models/members/listing";
import { approvedMainPhoto } from "~/models/members/member-cards.server";

/** A member as the landers show them: only what a visitor may see of a listed profile with an approved photo. */
export interface LanderMember {
  id: number;
  name: string;
  age: number | null;
  country: string | null;
  region: string | null;
  city: string | null;
  photoUrl: string;
  isFictional: boolean;
  interests: string[];
  lastActiveAt: string;
}

/** How many members a lander shows at most. */
export const LANDER_MEMBERS = 24;

/**
 * Landers are the pages ads send their traffic to, many visitors at once: the pool's faces are read
 * once a minute per brand and process, not per visit (docs/product/landers.md#speed).
 */
const cache = new TtlCache<string, LanderMember[]>(60_000);

/** The pool's recently active listed members with an approved photo, as this brand may show them. */
export function landerMembers(db: Database, storage: Storage, scope: { pool: string; siteId: string }): Promise<LanderMember[]> {
  return cache.get(`${scope.pool}\n${scope.siteId}`, async () => {
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
      .limit(LANDER_MEMBERS);
    return rows.map(({ birthDate, thumbKey, lastActiveAt, ...row }) => ({
      ...row,
      age: birthDate ? ageOn(birthDate) : null,
      photoUrl: storage.publicUrl(thumbKey),
      lastActiveAt: lastActiveAt.toISOString(),
    }));
  });
}
