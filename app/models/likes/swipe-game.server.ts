import { and, eq, notExists, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { likes, profiles, swipeDays, swipePasses } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { Tenant } from "~/tenancy/schema";
import { dayBounds } from "~/utils/time-zone-day";
import { searchMembers } from "~/models/search/member-search.server";
import type { SearchFilters } from "~/models/search/search-filters";
import { cardsAsShown, type MemberCard } from "~/models/members/member-cards.server";

/** docs/product/likes.md#swipe-game: the swipe game allows 4 likes a day. */
export const SWIPE_LIKES_PER_DAY = 4;

export interface SwipeState {
  remaining: number;
  /** Milliseconds until the next day begins in the brand's time zone (not a clock time: the browser's clock may differ). */
  resetsInMs: number;
  candidate: MemberCard | null;
}

/** Today's swipe-like allowance: the day is the brand's calendar day in its time zone. */
export function swipeLimit(tenant: Tenant, now = new Date()) {
  return { max: SWIPE_LIKES_PER_DAY, day: dayBounds(tenant.timezone, now).day };
}

/**
 * The swipe game for one member: likes left today and the next profile — from the pool and the
 * member's preferences, most recently active first, never one already liked or passed today.
 */
export async function swipeState(
  db: Database,
  storage: Storage,
  input: { tenant: Tenant; memberId: number; filters: SearchFilters; now?: Date },
): Promise<SwipeState> {
  const now = input.now ?? new Date();
  const { day, next } = dayBounds(input.tenant.timezone, now);
  const [used] = await db
    .select({ likes: swipeDays.likes })
    .from(swipeDays)
    .where(and(eq(swipeDays.memberId, input.memberId), eq(swipeDays.day, day)));
  const remaining = Math.max(0, SWIPE_LIKES_PER_DAY - (used?.likes ?? 0));
  const page = await searchMembers(db, storage, {
    scope: { pool: input.tenant.pool, viewerId: input.memberId, siteId: input.tenant.id },
    filters: input.filters,
    limit: 1,
    now,
    extra: [
      notExists(db.select({ one: sql`1` }).from(likes).where(and(eq(likes.likerId, input.memberId), eq(likes.likedId, profiles.memberId)))),
      notExists(
        db
          .select({ one: sql`1` })
          .from(swipePasses)
          .where(and(eq(swipePasses.memberId, input.memberId), eq(swipePasses.passedId, profiles.memberId), eq(swipePasses.day, day))),
      ),
    ],
  });
  const [candidate] = cardsAsShown(page.cards, input.tenant.settings.visible_profile_fields);
  return { remaining, resetsInMs: next.getTime() - now.getTime(), candidate: candidate ?? null };
}

/** Passing a profile keeps it away for the rest of the brand's day. False for a member not in the pool. */
export async function passProfile(db: Database, input: { tenant: Tenant; memberId: number; passedId: number; now?: Date }): Promise<boolean> {
  const { day } = dayBounds(input.tenant.timezone, input.now ?? new Date());
  const [target] = await db
    .select({ id: profiles.memberId })
    .from(profiles)
    .where(and(eq(profiles.memberId, input.passedId), eq(profiles.pool, input.tenant.pool)));
  if (!target || input.passedId === input.memberId) return false;
  await db
    .insert(swipePasses)
    .values({ memberId: input.memberId, passedId: input.passedId, day })
    .onConflictDoUpdate({ target: [swipePasses.memberId, swipePasses.passedId], set: { day } });
  return true;
}
