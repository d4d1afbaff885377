import { eq } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { profiles } from "../../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { Tenant } from "~/tenancy/schema";
import type { CurrentMember } from "~/models/members/current-member";
import { cardsAsShown, type MemberCard } from "~/models/members/member-cards.server";
import { conversationList } from "~/models/chat/conversations.server";
import { likesList, unseenMatches } from "~/models/likes/likes.server";
import { matchSuggestions } from "~/models/likes/match-finder.server";
import { searchMembers } from "~/models/search/member-search.server";
import { defaultFilters, searchRules } from "~/models/search/pages/search-page.server";

/** How many of each the start page shows (docs/product/site.md#member-start-page); the rest is a tap away. */
export const START_LIMITS = { conversations: 3, likers: 6, matches: 6, suggestions: 6, online: 8 } as const;

/** A search page deep enough to find a few members online among the most recently active. */
const ONLINE_CANDIDATES = 24;

export interface StartConversation {
  id: number;
  other: MemberCard;
  unread: number;
}

export interface MemberStart {
  conversations: StartConversation[];
  likers: MemberCard[];
  matches: MemberCard[];
  suggestions: MemberCard[];
  /** Members to meet now: online in the member's own region, else online anywhere in the pool, else the most recently active. */
  online: MemberCard[];
  onlineKind: OnlineKind;
}

/**
 * A logged-in member's own start page (docs/product/site.md#member-start-page): what waits for
 * them — conversations with unread messages, likes they have not looked at, matches they have
 * not been shown — and people to meet: matchfinder suggestions and members online near them.
 * The counts on it are the layout's badges; this loads only the lists.
 */
export async function memberStart(db: Database, storage: Storage, input: { tenant: Tenant; member: CurrentMember; now?: Date }): Promise<MemberStart> {
  const { tenant, member } = input;
  const now = input.now ?? new Date();
  const pool = tenant.pool;
  const filters = await defaultFilters(db, member.id, searchRules(tenant));
  const [conversations, received, matches, suggestions, online] = await Promise.all([
    conversationList(db, storage, { memberId: member.id, pool, historyDays: tenant.settings.chat_history_days, limit: 10, now }),
    likesList(db, storage, { memberId: member.id, pool, tab: "received", limit: 12, now }),
    unseenMatches(db, storage, { memberId: member.id, pool, limit: START_LIMITS.matches, now }),
    matchSuggestions(db, storage, { tenant, memberId: member.id, filters, limit: START_LIMITS.suggestions, now }),
    onlineNear(db, storage, { tenant, memberId: member.id, filters, now }),
  ]);
  const shown = (cards: MemberCard[]) => cardsAsShown(cards, tenant.settings.visible_profile_fields);
  return {
    conversations: conversations.items
      .filter((item) => item.unread > 0)
      .slice(0, START_LIMITS.conversations)
      .map((item) => ({ id: item.id, other: shown([item.other])[0]!, unread: item.unread })),
    likers: shown(received.filter((card) => card.isNew).slice(0, START_LIMITS.likers)),
    matches: shown(matches),
    suggestions,
    online: shown(online.cards),
    onlineKind: online.kind,
  };
}

export type OnlineKind = "nearby" | "online" | "recent";

/**
 * Members online now, from the member's own region when any are, else from the whole pool; when
 * nobody is online, the most recently active (the search's own order). The member's usual search applies.
 */
async function onlineNear(
  db: Database,
  storage: Storage,
  input: { tenant: Tenant; memberId: number; filters: Awaited<ReturnType<typeof defaultFilters>>; now: Date },
): Promise<{ cards: MemberCard[]; kind: OnlineKind }> {
  const scope = { pool: input.tenant.pool, viewerId: input.memberId, siteId: input.tenant.id };
  const mostRecent = async (filters: typeof input.filters) => (await searchMembers(db, storage, { scope, filters, limit: ONLINE_CANDIDATES, now: input.now })).cards;
  const onlineOf = (cards: MemberCard[]) => cards.filter((card) => card.onlineRecently).slice(0, START_LIMITS.online);
  const [me] = await db.select({ country: profiles.country, region: profiles.region }).from(profiles).where(eq(profiles.memberId, input.memberId));
  if (me?.country && me.region) {
    const nearby = onlineOf(await mostRecent({ ...input.filters, country: me.country, region: me.region }));
    if (nearby.length > 0) return { cards: nearby, kind: "nearby" };
  }
  const recent = await mostRecent(input.filters);
  const online = onlineOf(recent);
  return online.length > 0 ? { cards: online, kind: "online" } : { cards: recent.slice(0, START_LIMITS.online), kind: "recent" };
}
