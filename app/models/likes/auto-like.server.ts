import { and, desc, eq, isNull, notExists, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { likes, photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { Tenant } from "~/tenancy/schema";
import { likeMember } from "./likes.server";
import { shownOnBrand } from "~/models/members/listing";
import { notBlockedBetween } from "~/models/safety/not-blocked.server";
import { approvedMainPhoto } from "~/models/members/member-cards.server";

export interface AutoLike {
  id: number;
  name: string;
  photoUrl: string | null;
  /** Where the like modal leads: the profile as reached from likes. */
  matchPath: string;
}

/**
 * The auto-like call (docs/product/likes.md#auto-like): a profile that liked the member — the newest like not yet
 * looked at. When there is none and the brand's auto_likes is 'fictional', one of the pool's
 * fictional profiles (of the gender the member is shown) likes the member now.
 */
export async function autoLike(db: Database, storage: Storage, input: { tenant: Tenant; memberId: number; lookingFor?: "male" | "female" }): Promise<AutoLike | null> {
  const card = (row: { id: number; name: string; thumbKey: string | null }): AutoLike => ({
    id: row.id,
    name: row.name,
    photoUrl: row.thumbKey ? storage.publicUrl(row.thumbKey) : null,
    matchPath: `/likes/m/${row.id}`,
  });
  const visible = and(eq(profiles.pool, input.tenant.pool), eq(profiles.listed, true), shownOnBrand(input.tenant.id), notBlockedBetween(profiles.memberId, input.memberId, db));
  const [liked] = await db
    .select({ id: profiles.memberId, name: profiles.name, thumbKey: photos.thumbKey })
    .from(likes)
    .innerJoin(profiles, eq(profiles.memberId, likes.likerId))
    .leftJoin(photos, approvedMainPhoto)
    .where(and(eq(likes.likedId, input.memberId), isNull(likes.seenAt), visible))
    .orderBy(desc(likes.createdAt))
    .limit(1);
  if (liked) return card(liked);
  if (input.tenant.settings.auto_likes !== "fictional") return null;

  const [fictional] = await db
    .select({ id: profiles.memberId, name: profiles.name, thumbKey: photos.thumbKey })
    .from(profiles)
    .innerJoin(photos, approvedMainPhoto)
    .where(
      and(
        visible,
        eq(profiles.isFictional, true),
        input.lookingFor ? eq(profiles.gender, input.lookingFor) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(likes)
            .where(
              sql`(${likes.likerId} = ${profiles.memberId} and ${likes.likedId} = ${input.memberId}) or (${likes.likerId} = ${input.memberId} and ${likes.likedId} = ${profiles.memberId})`,
            ),
        ),
      ),
    )
    .orderBy(desc(profiles.lastActiveAt), desc(profiles.memberId))
    .limit(1);
  if (!fictional) return null;
  const outcome = await likeMember(db, { likerId: fictional.id, likedId: input.memberId, pool: input.tenant.pool, source: "auto" });
  return outcome.ok ? card(fictional) : null;
}
