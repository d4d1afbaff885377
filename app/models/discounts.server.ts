import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { discountCodes, discountRedemptions, orders } from "../../db/schema/index";
import type { Tenant } from "~/tenancy/schema";

/** Spec section 9: 25% for a member who has not paid, within 4 hours of signup, once. */
export const TIME_BONUS_CODE = "TIMEBONUS25";
export const TIME_BONUS_PERCENT = 25;
export const TIME_BONUS_WINDOW_MS = 4 * 60 * 60 * 1000;
/** Spec section 1: 25% on the first purchase of a new member, for the brand's welcome_discount_hours. */
export const WELCOME_CODE = "WELCOME25";
export const WELCOME_PERCENT = 25;

export type DiscountKind = "time_bonus" | "welcome" | "code";

export interface Discount {
  code: string;
  percent: number;
  /** In cents of the order's currency; below it the discount does not apply. */
  minOrderCents: number;
  kind: DiscountKind;
  /** When it stops applying (the countdown of the time bonus), if it ends. */
  endsAt: Date | null;
}

/** Why a typed code does not apply; each has its own text (payments catalogue, discount.errors). */
export type DiscountError = "not_found" | "used" | "expired" | "country" | "min_order";

export interface DiscountMember {
  id: number;
  paidUser: boolean;
  createdAt: Date;
}

/** Until when the time bonus applies to this member, ignoring whether it was used (null: not at all). */
export function timeBonusEndsAt(member: DiscountMember, now = new Date()): Date | null {
  if (member.paidUser) return null;
  const ends = new Date(member.createdAt.getTime() + TIME_BONUS_WINDOW_MS);
  return ends > now ? ends : null;
}

export function welcomeEndsAt(tenant: Tenant, member: DiscountMember, now = new Date()): Date | null {
  if (member.paidUser) return null;
  const ends = new Date(member.createdAt.getTime() + tenant.settings.welcome_discount_hours * 60 * 60 * 1000);
  return ends > now ? ends : null;
}

export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The codes among these that the member has used: held by an order that is paid or still pending. */
export async function usedCodes(db: Executor, memberId: number, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: discountRedemptions.code })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(and(eq(discountRedemptions.memberId, memberId), inArray(discountRedemptions.code, codes), inArray(orders.status, ["paid", "pending"])));
  return new Set(rows.map((row) => row.code));
}

function memberDiscount(kind: "time_bonus" | "welcome", endsAt: Date): Discount {
  return kind === "time_bonus"
    ? { code: TIME_BONUS_CODE, percent: TIME_BONUS_PERCENT, minOrderCents: 0, kind, endsAt }
    : { code: WELCOME_CODE, percent: WELCOME_PERCENT, minOrderCents: 0, kind, endsAt };
}

/**
 * The discount applied without typing a code (spec section 4): the time bonus while it runs and
 * is unused, otherwise the welcome discount. Members who paid have neither, so no query then.
 */
export async function activeDiscount(db: Executor, tenant: Tenant, member: DiscountMember, now = new Date()): Promise<Discount | null> {
  const timeBonus = timeBonusEndsAt(member, now);
  const welcome = welcomeEndsAt(tenant, member, now);
  if (!timeBonus && !welcome) return null;
  const used = await usedCodes(db, member.id, [TIME_BONUS_CODE, WELCOME_CODE]);
  if (timeBonus && !used.has(TIME_BONUS_CODE)) return memberDiscount("time_bonus", timeBonus);
  if (welcome && !used.has(WELCOME_CODE)) return memberDiscount("welcome", welcome);
  return null;
}

export type DiscountLookup = { ok: true; discount: Discount } | { ok: false; error: DiscountError };

/** A code the member typed: the time bonus, the welcome code or one of marketing's codes. */
export async function lookUpDiscount(
  db: Executor,
  input: { tenant: Tenant; member: DiscountMember; country: string; code: string; now?: Date },
): Promise<DiscountLookup> {
  const now = input.now ?? new Date();
  const code = normaliseCode(input.code);
  if (code === TIME_BONUS_CODE || code === WELCOME_CODE) {
    if ((await usedCodes(db, input.member.id, [code])).has(code)) return { ok: false, error: "used" };
    const endsAt = code === TIME_BONUS_CODE ? timeBonusEndsAt(input.member, now) : welcomeEndsAt(input.tenant, input.member, now);
    return endsAt ? { ok: true, discount: memberDiscount(code === TIME_BONUS_CODE ? "time_bonus" : "welcome", endsAt) } : { ok: false, error: "expired" };
  }
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code), eq(discountCodes.active, true), sql`(${discountCodes.siteId} is null or ${discountCodes.siteId} = ${input.tenant.id})`));
  if (!row) return { ok: false, error: "not_found" };
  if ((await usedCodes(db, input.member.id, [code])).has(code)) return { ok: false, error: "used" };
  if (row.expiresAt && row.expiresAt <= now) return { ok: false, error: "expired" };
  if (row.country && row.country !== input.country) return { ok: false, error: "country" };
  return { ok: true, discount: { code, percent: row.percent, minOrderCents: row.minOrderCents, kind: "code", endsAt: row.expiresAt } };
}

/** The percentage a discount takes off a price: all of it from the minimum order value, else none. */
export function percentOff(discount: Discount | null, listCents: number): number {
  return discount && listCents >= discount.minOrderCents ? discount.percent : 0;
}

/**
 * Binds a code to a new order. The row per member and code is taken over only from an order that
 * is neither paid nor pending (one that failed, was cancelled, expired or was left open at the
 * checkout); false means the code is in use — the caller rolls its order back.
 */
export async function reserveDiscount(db: Executor, memberId: number, code: string, orderId: number): Promise<boolean> {
  const rows = await db
    .insert(discountRedemptions)
    .values({ memberId, code, orderId })
    .onConflictDoUpdate({
      target: [discountRedemptions.memberId, discountRedemptions.code],
      set: { orderId, at: sql`now()` },
      where: sql`(select ${orders.status} from ${orders} where ${orders.id} = ${discountRedemptions.orderId}) not in ('paid', 'pending')`,
    })
    .returning({ orderId: discountRedemptions.orderId });
  return rows.length === 1;
}
