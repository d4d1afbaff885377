import { redirect, type AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "../../../../db/client.server";
import { profiles } from "../../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { Tenant } from "~/tenancy/schema";
import { searchCookie } from "~/web/cookies.server";
import { countMatches, searchMembers, type SearchPage, type SearchScope } from "~/models/search/member-search.server";
import { filtersToParams, parseSearchFilters, similarFilters, type SearchFilters, type SearchRules } from "~/models/search/search-filters";
import { visitTracking } from "~/models/accounts/pages/signup-form-settings.server";
import { hasTrafficSource } from "~/models/accounts/tracking";
import { TtlCache } from "~/utils/ttl-cache";
import { cardsAsShown, decodeCursor, encodeCursor, type Cursor, type MemberCard } from "~/models/members/member-cards.server";

export const PAGE_SIZE = 24;
/** Fewer results than this on the first page bring "similar profiles" below them. */
export const SIMILAR_BELOW = 6;
const SIMILAR_LIMIT = 12;

/**
 * The number of results is shown as an approximation ("more than 1,000" at most), and paging
 * through one search, or coming back to it from a profile, asks for the same number again and
 * again: it is remembered for a minute per pool, viewer and filters.
 */
const recentCounts = new LRUCache<string, number>({ max: 50_000, ttl: 60_000 });

async function rememberedCount(db: Database, scope: SearchScope, filters: SearchFilters): Promise<number> {
  const key = `${scope.pool}|${scope.viewerId ?? ""}|${filtersToParams(filters).toString()}`;
  const hit = recentCounts.get(key);
  if (hit !== undefined) return hit;
  const counted = await countMatches(db, scope, filters);
  recentCounts.set(key, counted);
  return counted;
}

/**
 * docs/product/search.md#who-may-search: visitors may search only when the brand's logged_out_search is not 'none' —
 * or, for a visit from a traffic source, logged_out_search_trafficsource.
 */
export async function assertMayBrowse(request: Request, context: AppLoadContext, tenant: Tenant): Promise<void> {
  if (context.member) return;
  if (!(await visitorMayBrowse(request, tenant))) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
}

/** Whether the brand shows its members to this visitor (the member landing pages ask it too: review N-M-7). */
export async function visitorMayBrowse(request: Request, tenant: Tenant): Promise<boolean> {
  const fromSource = hasTrafficSource(await visitTracking(request, tenant));
  return (fromSource ? tenant.settings.logged_out_search_trafficsource : tenant.settings.logged_out_search) !== "none";
}

export function searchRules(tenant: Tenant): SearchRules {
  return { fields: tenant.settings.search_fields, countries: tenant.countries, minAge: tenant.settings.min_age };
}

/** Who a member looks for by default: the other gender for hetero members, their own for gay and lesbian ones. */
export async function defaultFilters(db: Database, memberId: number | undefined, rules: SearchRules): Promise<SearchFilters> {
  if (memberId === undefined || !rules.fields.includes("gender")) return {};
  const [me] = await db.select({ gender: profiles.gender, sexuality: profiles.sexuality }).from(profiles).where(eq(profiles.memberId, memberId));
  if (!me?.gender || me.sexuality === "bi") return {};
  const other = me.gender === "male" ? "female" : "male";
  return { gender: me.sexuality === "gay" || me.sexuality === "lesbian" ? me.gender : other };
}

interface Results {
  page: SearchPage;
  count: number;
  similar: MemberCard[];
}

/** One keyset page of a search, its capped count and, on a first page with few results, similar profiles. */
async function findResults(
  db: Database,
  storage: Storage,
  input: { scope: SearchScope; filters: SearchFilters; after: Cursor | null; before: Cursor | null; minAge: number },
): Promise<Results> {
  const { scope, filters, after, before } = input;
  const [page, count] = await Promise.all([searchMembers(db, storage, { scope, filters, after, before, limit: PAGE_SIZE }), rememberedCount(db, scope, filters)]);
  let similar: MemberCard[] = [];
  if (!after && !before && page.cards.length < SIMILAR_BELOW) {
    const shown = new Set(page.cards.map((card) => card.id));
    const looser = await searchMembers(db, storage, { scope, filters: similarFilters(filters, input.minAge), limit: SIMILAR_LIMIT + shown.size });
    similar = looser.cards.filter((card) => !shown.has(card.id)).slice(0, SIMILAR_LIMIT);
  }
  return { page, count, similar };
}

/**
 * What a visitor finds is the same for every visitor with the same search, and their pages may be
 * a minute old anyway (app/web/page-cache.server.ts): the results are kept a minute per brand,
 * search and page, and visitors asking at the same moment share one lookup.
 */
const visitorResults = new TtlCache<string, Results>(60_000, 5_000);

export interface SearchPageData {
  filters: SearchFilters;
  cards: MemberCard[];
  count: number;
  next: string | null;
  previous: string | null;
  similar: MemberCard[];
}

/**
 * Everything /members shows for one request: the filters (from the query when the form was sent,
 * else the remembered ones, else the member's defaults), one keyset page, the capped count and,
 * when few match, similar profiles. Returns the Set-Cookie that remembers a new search.
 */
export async function loadSearchPage(
  db: Database,
  storage: Storage,
  input: { request: Request; tenant: Tenant; viewerId: number | null },
): Promise<{ data: SearchPageData; setCookie: string | null }> {
  const url = new URL(input.request.url);
  const rules = searchRules(input.tenant);
  const submitted = url.searchParams.get("search") === "1";
  let filters: SearchFilters;
  let setCookie: string | null = null;
  if (submitted) {
    filters = parseSearchFilters(url.searchParams, rules);
    setCookie = await searchCookie.serialize(filtersToParams(filters).toString());
  } else {
    const remembered = (await searchCookie.parse(input.request.headers.get("cookie"))) as unknown;
    if (typeof remembered === "string") {
      filters = parseSearchFilters(new URLSearchParams(remembered), rules);
    } else {
      // The defaults are remembered too, so they are worked out once per browser session.
      filters = await defaultFilters(db, input.viewerId ?? undefined, rules);
      if (input.viewerId !== null) setCookie = await searchCookie.serialize(filtersToParams(filters).toString());
    }
  }

  const scope: SearchScope = { pool: input.tenant.pool, viewerId: input.viewerId, siteId: input.tenant.id };
  const after = decodeCursor(url.searchParams.get("after"));
  const before = after ? null : decodeCursor(url.searchParams.get("before"));
  const find = () => findResults(db, storage, { scope, filters, after, before, minAge: rules.minAge });
  const visitorKey = JSON.stringify([scope.siteId, filtersToParams(filters).toString(), after, before]);
  const { page, count, similar } = input.viewerId === null ? await visitorResults.get(visitorKey, find) : await find();
  const visible = input.tenant.settings.visible_profile_fields;
  return {
    data: {
      filters,
      cards: cardsAsShown(page.cards, visible),
      count,
      next: page.next ? encodeCursor(page.next) : null,
      previous: page.previous ? encodeCursor(page.previous) : null,
      similar: cardsAsShown(similar, visible),
    },
    setCookie,
  };
}
