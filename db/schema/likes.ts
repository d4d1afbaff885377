import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgEnum, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members";

export const likeSource = pgEnum("like_source", ["profile", "search", "swipe", "matchfinder", "auto", "signup"]);

/**
 * One member liking another (docs/product/likes.md#likes). Mutual likes are a match: both rows get
 * `matched_at`. `seen_at` is null while the liked member has not opened the liker's profile (a
 * new like); `match_seen_at` is null while the liker has not been shown the match.
 */
export const likes = pgTable(
  "likes",
  {
    likerId: bigint("liker_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    likedId: bigint("liked_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    source: likeSource("source").notNull().default("profile"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
    matchedAt: timestamp("matched_at", { withTimezone: true }),
    matchSeenAt: timestamp("match_seen_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    index("likes_liked_idx").on(t.likedId, t.createdAt),
    index("likes_liker_recent_idx").on(t.likerId, t.createdAt),
    index("likes_new_idx").on(t.likedId).where(sql`${t.seenAt} is null`),
    index("likes_unseen_match_idx").on(t.likerId).where(sql`${t.matchedAt} is not null and ${t.matchSeenAt} is null`),
  ],
);

/** Swipe-game likes used per member and day (brand time zone); unliking does not give one back. */
export const swipeDays = pgTable(
  "swipe_days",
  {
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    likes: integer("likes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] })],
);

/** Profiles passed in the swipe game, by day in the brand's time zone: they do not come back that day. */
export const swipePasses = pgTable(
  "swipe_passes",
  {
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    passedId: bigint("passed_id", { mode: "number" })
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.passedId] })],
);
