import { and, asc, count, desc, eq, exists, gt, lte, ne, notInArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { blocks, likes, photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import { dateYearsBefore } from "~/models/members/birth-date";
import { shownOnBrand } from "~/models/members/listing";
import type { SearchFilters } from "./search-filters";
import { approvedMainPhoto, cardColumns, toMemberCard, type Cursor, type MemberCard } from "~/models/members/member-cards.server";

export interface SearchPage {
  cards: MemberCard[];
  /** Cursor for the next (older) page, when there is one. */
  next: Cursor | null;
  /** Cursor for the previous (more recent) page, when there is one. */
  previous: Cursor | null;
}

export interface SearchScope {
  pool: string;
  /** The searching member: never shown to themselves, and blocks in either direction hide. */
  viewerId: number | null;
  /** The brand searched on: fictional profiles are shown only on their brands. */
  siteId: string;
}

/** Counting stops here; the page then says "1000+". */
export const COUNT_CAP = 1000;

/**
 * The WHERE clause every search shares: the pool's listed profiles (never invisible, disabled or
 * deleting ones), not the viewer, nobody the viewer blocked or who blocked the viewer, and the
 * filters. Shaped for the indexes on profiles (pool first, then gender or place).
 */
export function searchConditions(db: Database, scope: SearchScope, filters: SearchFilters, today = new Date()): SQL {
  const conditions: (SQL | undefined)[] = [eq(profiles.pool, scope.pool), eq(profiles.listed, true), shownOnBrand(scope.siteId)];
  if (scope.viewerId !== null) {
    const viewer = scope.viewerId;
    conditions.push(ne(profiles.memberId, viewer));
    // A hashed sub-plan: the viewer's blocks are read once per query, not once per row.
    const blocked = db
      .select({ id: blocks.blockedId })
      .from(blocks)
      .where(eq(blocks.blockerId, viewer))
      .unionAll(db.select({ id: blocks.blockerId }).from(blocks).where(eq(blocks.blockedId, viewer)));
    conditions.push(notInArray(profiles.memberId, blocked));
  }
  if (filters.gender) conditions.push(eq(profiles.gender, filters.gender));
  if (filters.country) conditions.push(eq(profiles.country, filters.country));
  if (filters.region) conditions.push(eq(profiles.region, filters.region));
  if (filters.min_age !== undefined) conditions.push(lte(profiles.birthDate, dateYearsBefore(today, filters.min_age)));
  if (filters.max_age !== undefined) conditions.push(gt(profiles.birthDate, dateYearsBefore(today, filters.max_age + 1)));
  if (filters.sexuality) conditions.push(eq(profiles.sexuality, filters.sexuality));
  if (filters.body_type) conditions.push(eq(profiles.bodyType, filters.body_type));
  if (filters.relationship_status) conditions.push(eq(profiles.relationshipStatus, filters.relationship_status));
  if (filters.has_photo) {
    // The same photo the card shows: an approved main photo.
    conditions.push(exists(db.select({ one: sql`1` }).from(photos).where(approvedMainPhoto)));
  }
  return and(...conditions)!;
}

/**
 * One page of matching profiles, most recently active first, with keyset pagination: `after`
 * continues to older profiles, `before` goes back to more recent ones. Reads `limit + 1` rows to
 * know whether there is more, through the search indexes (see docs/decisions/009-member-search.md).
 */
export async function searchMembers(
  db: Database,
  storage: Storage,
  input: { scope: SearchScope; filters: SearchFilters; after?: Cursor | null; before?: Cursor | null; limit: number; now?: Date; extra?: SQL[] },
): Promise<SearchPage> {
  const now = input.now ?? new Date();
  const where = [searchConditions(db, input.scope, input.filters, now), ...(input.extra ?? [])];
  const backwards = !input.after && Boolean(input.before);
  const cursor = input.after ?? input.before ?? null;
  if (cursor) {
    const position = sql`(${profiles.lastActiveAt}, ${profiles.memberId})`;
    const at = sql`${cursor.at}::timestamptz`;
    where.push(backwards ? sql`${position} > (${at}, ${cursor.id})` : sql`${position} < (${at}, ${cursor.id})`);
  }
  const order = backwards
    ? [asc(profiles.lastActiveAt), asc(profiles.memberId)]
    : [desc(profiles.lastActiveAt), desc(profiles.memberId)];
  const rows = await db
    .select({
      ...cardColumns,
      at: sql<string>`${profiles.lastActiveAt}::text`,
      // The card's like button, in the same query: one round trip less per page.
      liked:
        input.scope.viewerId === null
          ? sql<boolean | null>`null`
          : sql<boolean>`exists(select 1 from ${likes} where ${likes.likerId} = ${input.scope.viewerId} and ${likes.likedId} = ${profiles.memberId})`,
    })
    .from(profiles)
    // Only an approved main photo is shown to others; one being checked shows as no photo.
    .leftJoin(photos, approvedMainPhoto)
    .where(and(...where))
    .orderBy(...order)
    .limit(input.limit + 1);

  const more = rows.length > input.limit;
  // Going back past the first page (members became active meanwhile): show the first page itself.
  if (backwards && !more && rows.length < input.limit) return searchMembers(db, storage, { ...input, after: null, before: null });
  const page = rows.slice(0, input.limit);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const toCursor = (row: (typeof rows)[number] | undefined) => (row ? { at: row.at, id: row.id } : null);
  return {
    cards: page.map((row) => (row.liked === null ? toMemberCard(row, storage, now) : { ...toMemberCard(row, storage, now), liked: row.liked })),
    next: backwards ? (cursor ? toCursor(last) : null) : more ? toCursor(last) : null,
    previous: backwards ? (more ? toCursor(first) : null) : cursor ? toCursor(first) : null,
  };
}

/** How many profiles match, counted up to COUNT_CAP + 1 (more than the cap reads as "1000+"). */
export async function countMatches(db: Database, scope: SearchScope, filters: SearchFilters, now = new Date()): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(profiles)
    .where(searchConditions(db, scope, filters, now))
    .limit(COUNT_CAP + 1)
    .as("capped");
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

