import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { preparedPerDatabase, prepareTimed } from "../../../db/prepared.server";
import { likes, members, photos, profiles, swipeDays } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { LikesTab } from "./likes-tabs";
import { publishEvent } from "~/models/notifications/member-events.server";
import { approvedMainPhoto, cardColumns, type MemberCard, toMemberCard } from "~/models/members/member-cards.server";
import { notBlockedBetween } from "~/models/safety/not-blocked.server";
import { queuePush } from "~/models/notifications/push-delivery.server";

export type LikeSource = NonNullable<(typeof likes.$inferInsert)["source"]>;
/** `created` is false for a like that already existed (a repeated click): nothing changed. */
export type LikeOutcome = { ok: true; match: boolean; created: boolean } | { ok: false; reason: "unavailable" | "dailyLimit" };

/**
 * Likes a member of the same pool, once (a second like, even at the same moment, changes
 * nothing). Only a member the liker may see can be liked: listed, not blocked either way, not
 * oneself. When the other already liked back, both likes become a match. With `dailyLimit`, at
 * most `max` such likes on the brand's `day` (the swipe game's 4 a day), counted in swipe_days so
 * that unliking does not give one back.
 */
export async function likeMember(
  db: Database,
  input: { likerId: number; likedId: number; pool: string; source: LikeSource; dailyLimit?: { max: number; day: string } },
): Promise<LikeOutcome> {
  if (input.likerId === input.likedId) return { ok: false, reason: "unavailable" };
  return db.transaction(async (tx) => {
    // Both members' rows, in id order: two likes between the same people wait for each other
    // instead of missing each other's row. NO KEY UPDATE does not block the key-share locks that
    // inserts referencing these members take (blocks, photos), so those never deadlock with it.
    await tx
      .select({ id: members.id })
      .from(members)
      .where(inArray(members.id, [input.likerId, input.likedId]))
      .orderBy(members.id)
      .for("no key update");
    const [target] = await tx
      .select({ id: profiles.memberId })
      .from(profiles)
      .where(
        and(
          eq(profiles.memberId, input.likedId),
          eq(profiles.pool, input.pool),
          eq(profiles.listed, true),
          notBlockedBetween(input.likerId, input.likedId, tx),
        ),
      );
    if (!target) return { ok: false, reason: "unavailable" } as const;
    const [existing] = await tx
      .select({ matchedAt: likes.matchedAt })
      .from(likes)
      .where(and(eq(likes.likerId, input.likerId), eq(likes.likedId, input.likedId)));
    if (existing) return { ok: true, match: existing.matchedAt !== null, created: false } as const;
    if (input.dailyLimit) {
      // One statement counts and checks: concurrent swipes cannot both take the last like.
      const [counted] = await tx
        .insert(swipeDays)
        .values({ memberId: input.likerId, day: input.dailyLimit.day, likes: 1 })
        .onConflictDoUpdate({
          target: [swipeDays.memberId, swipeDays.day],
          set: { likes: sql`${swipeDays.likes} + 1` },
          setWhere: sql`${swipeDays.likes} < ${input.dailyLimit.max}`,
        })
        .returning({ likes: swipeDays.likes });
      if (!counted) return { ok: false, reason: "dailyLimit" } as const;
    }
    const now = new Date();
    const [back] = await tx
      .update(likes)
      .set({ matchedAt: now })
      .where(and(eq(likes.likerId, input.likedId), eq(likes.likedId, input.likerId)))
      .returning({ likerId: likes.likerId });
    // The liker sees the match at once (the match modal); the other is shown it on their next page.
    await tx.insert(likes).values({
      likerId: input.likerId,
      likedId: input.likedId,
      source: input.source,
      matchedAt: back ? now : null,
      matchSeenAt: back ? now : null,
    });
    await publishEvent(tx, input.likedId, back ? "match" : "likes", { from: input.likerId });
    if (back) await publishEvent(tx, input.likerId, "match", { from: input.likedId });
    // The liked member hears of it on their phone too; the liker sees the match modal at once.
    await queuePush(tx, input.likedId, back ? { kind: "match", memberId: input.likerId } : { kind: "like", likerId: input.likerId });
    return { ok: true, match: Boolean(back), created: true } as const;
  });
}

/** Takes a like back; a match it made is undone for both. */
export async function unlikeMember(db: Database, likerId: number, likedId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(likes)
      .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)))
      .returning({ matchedAt: likes.matchedAt });
    if (!removed) return;
    if (removed.matchedAt) {
      await tx.update(likes).set({ matchedAt: null, matchSeenAt: null }).where(and(eq(likes.likerId, likedId), eq(likes.likedId, likerId)));
    }
    await publishEvent(tx, likedId, "likes", { from: likerId });
  });
}

/** Removes every like between two members (blocking); both hear of it when there was one. */
export async function removeLikesBetween(db: Executor, a: number, b: number): Promise<void> {
  const removed = await db
    .delete(likes)
    .where(or(and(eq(likes.likerId, a), eq(likes.likedId, b)), and(eq(likes.likerId, b), eq(likes.likedId, a))))
    .returning({ likerId: likes.likerId });
  if (removed.length === 0) return;
  await publishEvent(db, a, "likes", { from: b });
  await publishEvent(db, b, "likes", { from: a });
}

export interface LikeState {
  liked: boolean;
  likedMe: boolean;
  matched: boolean;
}

/** Every profile a member opens asks this. */
const likesBetween = preparedPerDatabase((db: Database) => {
  const [viewerId, memberId] = [sql.placeholder("viewerId"), sql.placeholder("memberId")];
  return prepareTimed(
    db
      .select({ likerId: likes.likerId, matchedAt: likes.matchedAt, seenAt: likes.seenAt })
      .from(likes)
      .where(or(and(eq(likes.likerId, viewerId), eq(likes.likedId, memberId)), and(eq(likes.likerId, memberId), eq(likes.likedId, viewerId)))),
    "likes_between",
  );
});

/** Between a viewer and a profile: who liked whom, and whether their like to the viewer is still new. */
export async function likeState(db: Database, viewerId: number, memberId: number): Promise<LikeState & { theirLikeIsNew: boolean }> {
  const rows = await likesBetween(db).execute({ viewerId, memberId });
  const mine = rows.find((row) => row.likerId === viewerId);
  const theirs = rows.find((row) => row.likerId === memberId);
  return { liked: Boolean(mine), likedMe: Boolean(theirs), matched: Boolean(mine?.matchedAt), theirLikeIsNew: theirs !== undefined && theirs.seenAt === null };
}

/** Opening the profile of someone who liked the viewer: that like is no longer new (docs/product/likes.md#new-likes). */
export async function markLikeSeen(db: Database, viewerId: number, likerId: number): Promise<void> {
  const seen = await db
    .update(likes)
    .set({ seenAt: new Date() })
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, viewerId), isNull(likes.seenAt)))
    .returning({ likerId: likes.likerId });
  // The member's other open pages drop the like from their badge.
  if (seen.length > 0) await publishEvent(db, viewerId, "likes", { from: likerId });
}


export type LikeCard = MemberCard & { isNew: boolean; matched: boolean };

/** The other side of a like must still be someone the member may see. */
function visibleOther(otherId: AnyColumn, memberId: number | Placeholder, pool: string | Placeholder, db: Executor): SQL {
  return and(eq(profiles.pool, pool), eq(profiles.listed, true), notBlockedBetween(otherId, memberId, db))!;
}

/**
 * One tab of /likes, newest first: likes received (new ones flagged), given, or matches. Only
 * members still visible to this member: listed, same pool, no block either way.
 */
export async function likesList(
  db: Database,
  storage: Storage,
  input: { memberId: number; pool: string; tab: LikesTab; limit?: number; now?: Date },
): Promise<LikeCard[]> {
  const now = input.now ?? new Date();
  const rows = await likesTabs(db)[input.tab].execute({ memberId: input.memberId, pool: input.pool, limit: input.limit ?? 120 });
  return rows.map((row) => ({
    ...toMemberCard(row, storage, now),
    isNew: input.tab === "received" && row.seenAt === null,
    matched: row.matchedAt !== null,
  }));
}

/** Each tab of /likes as a statement of its own (a member's likes pages are among their most visited). */
const likesTabs = preparedPerDatabase((db: Database) => {
  const tab = (name: LikesTab) => {
    const received = name === "received";
    const other = received ? likes.likerId : likes.likedId;
    const memberId = sql.placeholder("memberId");
    return prepareTimed(
      db
        .select({ ...cardColumns, seenAt: likes.seenAt, matchedAt: likes.matchedAt })
        .from(likes)
        .innerJoin(profiles, eq(profiles.memberId, other))
        .leftJoin(photos, approvedMainPhoto)
        .where(
          and(
            received ? eq(likes.likedId, memberId) : eq(likes.likerId, memberId),
            name === "matches" ? isNotNull(likes.matchedAt) : undefined,
            visibleOther(other, memberId, sql.placeholder("pool"), db),
          ),
        )
        .orderBy(desc(name === "matches" ? likes.matchedAt : likes.createdAt))
        .limit(sql.placeholder("limit")),
      `likes_${name}`,
    );
  };
  return { received: tab("received"), given: tab("given"), matches: tab("matches") } satisfies Record<LikesTab, unknown>;
});

/** Badges stop counting here (they show 99+). */
const BADGE_CAP = 100;

/** New likes for the badge: received, not yet looked at, from members still visible (counted up to 100). */
export async function newLikesCount(db: Database, memberId: number, pool: string, exceptLikerId?: number): Promise<number> {
  const counts = newLikesCounts(db);
  const [row] = exceptLikerId === undefined ? await counts.all.execute({ memberId, pool }) : await counts.butOne.execute({ memberId, pool, exceptLikerId });
  return row?.n ?? 0;
}

/** The count for the badges, and the count while a liker's profile is being opened (every such view). */
const newLikesCounts = preparedPerDatabase((db: Database) => {
  const counting = (exceptOne: boolean) => {
    const memberId = sql.placeholder("memberId");
    const capped = db
      .select({ one: sql`1` })
      .from(likes)
      .innerJoin(profiles, eq(profiles.memberId, likes.likerId))
      .where(
        and(
          eq(likes.likedId, memberId),
          isNull(likes.seenAt),
          exceptOne ? ne(likes.likerId, sql.placeholder("exceptLikerId")) : undefined,
          visibleOther(likes.likerId, memberId, sql.placeholder("pool"), db),
        ),
      )
      .limit(BADGE_CAP)
      .as("capped");
    return prepareTimed(db.select({ n: count() }).from(capped), exceptOne ? "new_likes_but_one" : "new_likes");
  };
  return { all: counting(false), butOne: counting(true) };
});

/** Matches this member has not been shown yet (the other liked back since), newest first: the match modal takes the first, the start page lists them. */
export async function unseenMatches(db: Database, storage: Storage, input: { memberId: number; pool: string; limit: number; now?: Date }): Promise<MemberCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(likes)
    .innerJoin(profiles, eq(profiles.memberId, likes.likedId))
    .leftJoin(photos, approvedMainPhoto)
    .where(and(eq(likes.likerId, input.memberId), isNotNull(likes.matchedAt), isNull(likes.matchSeenAt), visibleOther(likes.likedId, input.memberId, input.pool, db)))
    .orderBy(desc(likes.matchedAt))
    .limit(input.limit);
  const now = input.now ?? new Date();
  return rows.map((row) => toMemberCard(row, storage, now));
}

/** The newest match this member has not been shown yet, for the match modal. */
export async function unseenMatch(db: Database, storage: Storage, memberId: number, pool: string) {
  const [card] = await unseenMatches(db, storage, { memberId, pool, limit: 1 });
  return card ? { id: card.id, name: card.name, photoUrl: card.photoUrl } : null;
}

export async function markMatchSeen(db: Database, memberId: number, otherId: number): Promise<void> {
  const seen = await db
    .update(likes)
    .set({ matchSeenAt: new Date() })
    .where(and(eq(likes.likerId, memberId), eq(likes.likedId, otherId), isNull(likes.matchSeenAt)))
    .returning({ likedId: likes.likedId });
  if (seen.length > 0) await publishEvent(db, memberId, "likes", { from: otherId });
}
