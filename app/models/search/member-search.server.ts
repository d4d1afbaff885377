import { and, asc, count, desc, eq, exists, gt, lte, ne, notInArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { preparedPerDatabase, prepareTimed } from "../../../db/prepared.server";
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

/** The values a search's conditions compare with, by the names its prepared statement gives them; absent filters are undefined. */
function searchValues(scope: SearchScope, filters: SearchFilters, today: Date) {
  return {
    pool: scope.pool,
    siteId: scope.siteId,
    viewer: scope.viewerId ?? undefined,
    gender: filters.gender || undefined,
    country: filters.country || undefined,
    region: filters.region || undefined,
    minBirth: filters.min_age !== undefined ? dateYearsBefore(today, filters.min_age) : undefined,
    maxBirth: filters.max_age !== undefined ? dateYearsBefore(today, filters.max_age + 1) : undefined,
    sexuality: filters.sexuality || undefined,
    bodyType: filters.body_type || undefined,
    relationshipStatus: filters.relationship_status || undefined,
  };
}

type SearchValues = ReturnType<typeof searchValues>;
/** A value in the query itself, or a placeholder named after it in a prepared statement. */
type Bind = <T>(name: keyof SearchValues, value: T) => T | Placeholder;
const inline: Bind = (_name, value) => value;
const placeholder: Bind = (name) => sql.placeholder(name);

function conditionsOf(db: Database, values: SearchValues, hasPhoto: boolean, bind: Bind): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(profiles.pool, bind("pool", values.pool)),
    eq(profiles.listed, true),
    shownOnBrand(bind("siteId", values.siteId)),
  ];
  if (values.viewer !== undefined) {
    const viewer = bind("viewer", values.viewer);
    conditions.push(ne(profiles.memberId, viewer));
    // A hashed sub-plan: the viewer's blocks are read once per query, not once per row.
    const blocked = db
      .select({ id: blocks.blockedId })
      .from(blocks)
      .where(eq(blocks.blockerId, viewer))
      .unionAll(db.select({ id: blocks.blockerId }).from(blocks).where(eq(blocks.blockedId, viewer)));
    conditions.push(notInArray(profiles.memberId, blocked));
  }
  if (values.gender !== undefined) conditions.push(eq(profiles.gender, bind("gender", values.gender)));
  if (values.country !== undefined) conditions.push(eq(profiles.country, bind("country", values.country)));
  if (values.region !== undefined) conditions.push(eq(profiles.region, bind("region", values.region)));
  if (values.minBirth !== undefined) conditions.push(lte(profiles.birthDate, bind("minBirth", values.minBirth)));
  if (values.maxBirth !== undefined) conditions.push(gt(profiles.birthDate, bind("maxBirth", values.maxBirth)));
  if (values.sexuality !== undefined) conditions.push(eq(profiles.sexuality, bind("sexuality", values.sexuality)));
  if (values.bodyType !== undefined) conditions.push(eq(profiles.bodyType, bind("bodyType", values.bodyType)));
  if (values.relationshipStatus !== undefined) conditions.push(eq(profiles.relationshipStatus, bind("relationshipStatus", values.relationshipStatus)));
  if (hasPhoto) {
    // The same photo the card shows: an approved main photo.
    conditions.push(exists(db.select({ one: sql`1` }).from(photos).where(approvedMainPhoto)));
  }
  return and(...conditions)!;
}

/**
 * The WHERE clause every search shares: the pool's listed profiles (never invisible, disabled or
 * deleting ones), not the viewer, nobody the viewer blocked or who blocked the viewer, and the
 * filters. Shaped for the indexes on profiles (pool first, then gender or place).
 */
export function searchConditions(db: Database, scope: SearchScope, filters: SearchFilters, today = new Date()): SQL {
  return conditionsOf(db, searchValues(scope, filters, today), Boolean(filters.has_photo), inline);
}

type Direction = "first" | "after" | "before";

/** The page query of one shape of search (which filters, a viewer or not, which way), with placeholders. */
function pageQuery(db: Database, values: SearchValues, hasPhoto: boolean, direction: Direction, extra: SQL[] = []) {
  const where = [conditionsOf(db, values, hasPhoto, placeholder), ...extra];
  const position = sql`(${profiles.lastActiveAt}, ${profiles.memberId})`;
  const at = sql`${sql.placeholder("cursorAt")}::timestamptz`;
  if (direction === "after") where.push(sql`${position} < (${at}, ${sql.placeholder("cursorId")})`);
  if (direction === "before") where.push(sql`${position} > (${at}, ${sql.placeholder("cursorId")})`);
  const order = direction === "before" ? [asc(profiles.lastActiveAt), asc(profiles.memberId)] : [desc(profiles.lastActiveAt), desc(profiles.memberId)];
  return db
    .select({
      ...cardColumns,
      at: sql<string>`${profiles.lastActiveAt}::text`,
      // The card's like button, in the same query: one round trip less per page.
      liked:
        values.viewer === undefined
          ? sql<boolean | null>`null`
          : sql<boolean | null>`exists(select 1 from ${likes} where ${likes.likerId} = ${sql.placeholder("viewer")} and ${likes.likedId} = ${profiles.memberId})`,
    })
    .from(profiles)
    // Only an approved main photo is shown to others; one being checked shows as no photo.
    .leftJoin(photos, approvedMainPhoto)
    .where(and(...where))
    .orderBy(...order)
    .limit(sql.placeholder("limit"));
}

type PageQuery = ReturnType<ReturnType<typeof pageQuery>["prepare"]>;
/**
 * Building a search's SQL was 6 % of a member's search page (bench/RESULTS.md, "Request path, part
 * six"); each shape of search is built once per database handle and then only given its values.
 */
const pageQueries = preparedPerDatabase(() => new Map<string, PageQuery>());

function preparedPageQuery(db: Database, values: SearchValues, hasPhoto: boolean, direction: Direction): PageQuery {
  const queries = pageQueries(db);
  const shape = `search_${direction}_${Object.keys(values).filter((name) => values[name as keyof SearchValues] !== undefined).join("_")}${hasPhoto ? "_photo" : ""}`;
  let query = queries.get(shape);
  if (!query) queries.set(shape, (query = prepareTimed(pageQuery(db, values, hasPhoto, direction), shape)));
  return query;
}

/**
 * One page of matching profiles, most recently active first, with keyset pagination: `after`
 * continues to older profiles, `before` goes back to more recent ones. Reads `limit + 1` rows to
 * know whether there is more, through the search indexes (see docs/decisions/009-member-search.md).
 * `extra` conditions make a query of their own; every other search runs a prepared one.
 */
export async function searchMembers(
  db: Database,
  storage: Storage,
  input: { scope: SearchScope; filters: SearchFilters; after?: Cursor | null; before?: Cursor | null; limit: number; now?: Date; extra?: SQL[] },
): Promise<SearchPage> {
  const now = input.now ?? new Date();
  const backwards = !input.after && Boolean(input.before);
  const cursor = input.after ?? input.before ?? null;
  const direction: Direction = cursor ? (backwards ? "before" : "after") : "first";
  const values = searchValues(input.scope, input.filters, now);
  const hasPhoto = Boolean(input.filters.has_photo);
  const query = input.extra?.length ? pageQuery(db, values, hasPhoto, direction, input.extra) : preparedPageQuery(db, values, hasPhoto, direction);
  const rows = await query.execute({ ...values, cursorAt: cursor?.at, cursorId: cursor?.id, limit: input.limit + 1 });

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

