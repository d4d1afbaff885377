import { and, desc, eq, notExists, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { likes, photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { Tenant } from "~/tenancy/schema";
import { ageOn } from "~/utils/age";
import { searchConditions } from "~/models/search/member-search.server";
import type { SearchFilters } from "~/models/search/search-filters";
import { approvedMainPhoto, cardColumns, cardsAsShown, type MemberCard, toMemberCard } from "~/models/members/member-cards.server";

/**
 * Candidates scored per request: the most recently active of the pool, and the most recently
 * active of the member's own region (region is the heaviest part of the fit), so a close match
 * who was away a while still competes.
 */
const CANDIDATES = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface FitFacts {
  birthDate: string | null;
  country: string | null;
  region: string | null;
  interests: string[];
  lastActiveAt: Date;
}

/**
 * How well a candidate fits a member: same region (3) or country (1), shared interests (1 each,
 * up to 5), closeness in age (up to 3, less one per 3 years apart) and recent activity (2 within
 * a day, 1 within a week). Preferences (gender, the pool, blocks) are filters before this.
 */
export function fitScore(member: FitFacts, candidate: FitFacts, now: Date): number {
  let score = 0;
  if (member.country && candidate.country === member.country) score += member.region && candidate.region === member.region ? 3 : 1;
  score += Math.min(5, sharedInterests(member, candidate));
  if (member.birthDate && candidate.birthDate) score += Math.max(0, 3 - Math.abs(ageOn(member.birthDate, now) - ageOn(candidate.birthDate, now)) / 3);
  const idle = now.getTime() - candidate.lastActiveAt.getTime();
  score += idle < DAY_MS ? 2 : idle < 7 * DAY_MS ? 1 : 0;
  return score;
}

function sharedInterests(a: FitFacts, b: FitFacts): number {
  return b.interests.filter((interest) => a.interests.includes(interest)).length;
}

export type Suggestion = MemberCard & { sharedInterests: number };

/** Matchfinder suggestions (docs/product/likes.md#matchfinder): the pool's members the member has not liked, best fit first. */
export async function matchSuggestions(
  db: Database,
  storage: Storage,
  input: { tenant: Tenant; memberId: number; filters: SearchFilters; limit?: number; now?: Date },
): Promise<Suggestion[]> {
  const now = input.now ?? new Date();
  const [me] = await db
    .select({ birthDate: profiles.birthDate, country: profiles.country, region: profiles.region, interests: profiles.interests, lastActiveAt: profiles.lastActiveAt })
    .from(profiles)
    .where(eq(profiles.memberId, input.memberId));
  if (!me) return [];
  const candidates = (where: SQL | undefined) =>
    db
      .select({ ...cardColumns, country: profiles.country, region: profiles.region, interests: profiles.interests })
      .from(profiles)
      .leftJoin(photos, approvedMainPhoto)
      .where(
        and(
          searchConditions(db, { pool: input.tenant.pool, viewerId: input.memberId, siteId: input.tenant.id }, input.filters, now),
          notExists(db.select({ one: sql`1` }).from(likes).where(and(eq(likes.likerId, input.memberId), eq(likes.likedId, profiles.memberId)))),
          where,
        ),
      )
      .orderBy(desc(profiles.lastActiveAt), desc(profiles.memberId))
      .limit(CANDIDATES);
  const [recent, nearby] = await Promise.all([
    candidates(undefined),
    me.country && me.region ? candidates(and(eq(profiles.country, me.country), eq(profiles.region, me.region))) : [],
  ]);
  const rows = [...new Map([...recent, ...nearby].map((row) => [row.id, row])).values()];
  const ranked = rows
    .map((row) => ({ row, score: fitScore(me, row, now) }))
    .sort((a, b) => b.score - a.score || b.row.lastActiveAt.getTime() - a.row.lastActiveAt.getTime() || b.row.id - a.row.id)
    .slice(0, input.limit ?? 24)
    .map(({ row }) => ({ ...toMemberCard(row, storage, now), sharedInterests: sharedInterests(me, row) }));
  return cardsAsShown(ranked, input.tenant.settings.visible_profile_fields);
}
