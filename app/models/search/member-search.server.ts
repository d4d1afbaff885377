import { and, asc, count, desc, eq, exists, gt, lte, ne, notInArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { blocks, likes, photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import { ageOn } from "~/utils/age";
import { dateYearsBefore } from "~/models/members/birth-date";
import type { SearchFilters } from "./search-filters";

export interface MemberCard {
  id: number;
  name: string;
  age: number | null;
  city: string | null;
  photoUrl: string | null;
  onlineRecently: boolean;
  isFictional: boolean;
  /** Whether the searching member liked this one (search results for members only). */
  liked?: boolean;
}

/** Keyset position: the last_active_at (as PostgreSQL prints it, to the microsecond) and member id. */
export interface Cursor {
  at: string;
  id: number;
}

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
}

/** "Online" on a card: active within this window. */
export const ONLINE_WINDOW_MS = 15 * 60 * 1000;
/** Counting stops here; the page then says "1000+". */
export const COUNT_CAP = 1000;

/**
 * The WHERE clause every search shares: the pool's listed profiles (never invisible, disabled or
 * deleting ones), not the viewer, nobody the viewer blocked or who blocked the viewer, and the
 * filters. Shaped for the indexes on profiles (pool first, then gender or place).
 */
export function searchConditions(db: Database, scope: SearchScope, filters: SearchFilters, today = new Date()): SQL {
  const conditions: (SQL | undefined)[] = [eq(profiles.pool, scope.pool), eq(profiles.listed, true)];
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
    conditions.push(exists(db.select({ one: sql`1` }).from(photos).where(and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, "active")))));
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
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, "active")))
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

/** The columns a card is made of; queries that make cards select these (photos joined on the approved main photo). */
export const cardColumns = {
  id: profiles.memberId,
  name: profiles.name,
  birthDate: profiles.birthDate,
  city: profiles.city,
  isFictional: profiles.isFictional,
  lastActiveAt: profiles.lastActiveAt,
  thumbKey: photos.thumbKey,
};

export interface CardRow {
  id: number;
  name: string;
  birthDate: string | null;
  city: string | null;
  isFictional: boolean;
  lastActiveAt: Date;
  thumbKey: string | null;
}

export function toMemberCard(row: CardRow, storage: Storage, now: Date): MemberCard {
  return {
    id: row.id,
    name: row.name,
    age: row.birthDate ? ageOn(row.birthDate, now) : null,
    city: row.city,
    photoUrl: row.thumbKey ? storage.publicUrl(row.thumbKey) : null,
    onlineRecently: now.getTime() - row.lastActiveAt.getTime() < ONLINE_WINDOW_MS,
    isFictional: row.isFictional,
  };
}

/** Cards as a brand shows them: no age or city when its visible_profile_fields leave them out. */
export function cardsAsShown<T extends MemberCard>(cards: T[], visibleFields: readonly string[]): T[] {
  const age = visibleFields.includes("date_of_birth");
  const city = visibleFields.includes("city");
  if (age && city) return cards;
  return cards.map((card) => ({ ...card, age: age ? card.age : null, city: city ? card.city : null }));
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

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

/** A cursor from a URL; anything malformed means "from the start". */
export function decodeCursor(value: string | null): Cursor | null {
  if (!value || value.length > 200) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString()) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [at, id] = parsed as [unknown, unknown];
    if (typeof at !== "string" || !isTimestamp(at)) return null;
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) return null;
    return { at, id };
  } catch {
    return null;
  }
}

/** A timestamp as PostgreSQL prints one (`2026-11-21 10:15:00.123456+00`) that is a real moment. */
function isTimestamp(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}
