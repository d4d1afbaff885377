import { and, eq, notExists, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { likes, profiles, swipePasses } from "../../db/schema/index";
import type { Storage } from "~/services/storage/storage";
import type { Tenant } from "~/tenancy/schema";
import { dayBounds } from "~/utils/time-zone-day";
import { cardsAsShown, searchMembers, type MemberCard } from "./member-search.server";
import type { SearchFilters } from "./search-filters";

/** Spec section 9: the swipe game allows 4 likes a day. */
export const SWIPE_LIKES_PER_DAY = 4;

export interface SwipeState {
  remaining: number;
  /** When the next day begins in the brand's time zone (ISO). */
  resetsAt: string;
  candidate: MemberCard | null;
}

/** Today's swipe-like allowance, counted from the start of the day in the brand's time zone. */
export function swipeLimit(tenant: Tenant, now = new Date()) {
  return { max: SWIPE_LIKES_PER_DAY, since: dayBounds(tenant.timezone, now).start };
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
  const { day, start, next } = dayBounds(input.tenant.timezone, now);
  const [used] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .where(and(eq(likes.likerId, input.memberId), eq(likes.source, "swipe"), sql`${likes.createdAt} >= ${start.toISOString()}::timestamptz`));
  const remaining = Math.max(0, SWIPE_LIKES_PER_DAY - (used?.n ?? 0));
  const page = await searchMembers(db, storage, {
    scope: { pool: input.tenant.pool, viewerId: input.memberId },
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
  return { remaining, resetsAt: next.toISOString(), candidate: candidate ?? null };
}

/** Passing a profile keeps it away for the rest of the brand's day. */
export async function passProfile(db: Database, input: { tenant: Tenant; memberId: number; passedId: number; now?: Date }): Promise<void> {
  const { day } = dayBounds(input.tenant.timezone, input.now ?? new Date());
  await db
    .insert(swipePasses)
    .values({ memberId: input.memberId, passedId: input.passedId, day })
    .onConflictDoUpdate({ target: [swipePasses.memberId, swipePasses.passedId], set: { day } });
}
