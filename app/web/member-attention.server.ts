import { LRUCache } from "lru-cache";
import { db } from "~/db.server";
import { eventHub } from "~/services/realtime/event-hub.server";
import { storage } from "~/services/storage/storage.server";
import { unreadTotal } from "~/models/chat/conversations.server";
import { firstPurchaseDiscountUsed } from "~/models/payments/discounts.server";
import { welcomeDiscountOf, type PersonalDiscount } from "~/models/payments/member-discounts.server";
import { newLikesCount, unseenMatch } from "~/models/likes/likes.server";
import { latestEventId } from "~/models/notifications/member-events.server";
import { openNotices, type Notice } from "~/models/moderation/member-notices.server";

/** What the top navigation and the page title tell a member about (docs/product/notifications.md#badges-and-title). */
export interface MemberAttention {
  newLikes: number;
  unreadMessages: number;
  pendingMatch: Awaited<ReturnType<typeof unseenMatch>>;
  /** The member's newest event when these were read: the page's event stream starts after it, so nothing in between is lost. */
  eventId: number;
  /** The time bonus or welcome discount is held by an order (its changes publish events too). */
  firstDiscountUsed: boolean;
  /** The member's welcome discount record (docs/product/payments.md#welcome-bonus); support ending it publishes an event. */
  welcome: PersonalDiscount | null;
  /** What staff told the member and they have not put away (docs/product/moderation.md#telling-the-member). */
  notices: Notice[];
}

/**
 * Every page of a member shows these badges, so they are remembered per member. Whatever changes
 * them publishes a member event, and every process's hub makes its cache forget that member
 * (NOTIFY after commit, at once in the writing process); the time limit only bounds what no
 * event announces (a liker who goes invisible).
 */
const remembered = new LRUCache<number, MemberAttention>({ max: 20_000, ttl: 30_000 });
/** Loads under way: a change while one runs makes its result too old to remember. */
const loading = new Map<number, { outdated: boolean }>();
let watching = false;

function forget(memberId: number): void {
  remembered.delete(memberId);
  const load = loading.get(memberId);
  if (load) load.outdated = true;
}

/** Remembering starts once this process hears of every change (server start-up). */
export function rememberAttentionWhileListening(): void {
  if (watching) return;
  watching = true;
  eventHub().onMemberChange(forget);
}

/**
 * The badges for a member. While a profile is being opened its like is marked seen beside this
 * load: the new likes are counted afresh without that liker (one query, none when no like is new;
 * the rest is what the member's other pages show, remembered or loaded as for them).
 */
export async function memberAttention(memberId: number, pool: string, openingProfileId?: number): Promise<MemberAttention> {
  if (openingProfileId === undefined) return rememberedAttention(memberId, pool);
  // None new, as remembered (any like since would have made this process forget): opening a
  // profile takes none off, and nothing needs counting.
  const known = remembered.get(memberId);
  if (known?.newLikes === 0) return known;
  const [attention, newLikes] = await Promise.all([rememberedAttention(memberId, pool), newLikesCount(db(), memberId, pool, openingProfileId)]);
  return { ...attention, newLikes };
}

async function rememberedAttention(memberId: number, pool: string): Promise<MemberAttention> {
  const hit = remembered.get(memberId);
  if (hit) return hit;
  const current = { outdated: false };
  loading.set(memberId, current);
  try {
    const value = await load(memberId, pool);
    if (watching && !current.outdated) remembered.set(memberId, value);
    return value;
  } finally {
    if (loading.get(memberId) === current) loading.delete(memberId);
  }
}

async function load(memberId: number, pool: string): Promise<MemberAttention> {
  // Read first: an event after it is replayed to the page even if the counts below include it.
  const eventId = await latestEventId(db(), memberId);
  const [newLikes, unreadMessages, pendingMatch, firstDiscountUsed, notices, welcome] = await Promise.all([
    newLikesCount(db(), memberId, pool),
    unreadTotal(db(), memberId, pool),
    unseenMatch(db(), storage(), memberId, pool),
    firstPurchaseDiscountUsed(db(), memberId),
    openNotices(db(), memberId),
    welcomeDiscountOf(db(), memberId),
  ]);
  return { newLikes, unreadMessages, pendingMatch, eventId, firstDiscountUsed, notices, welcome };
}
