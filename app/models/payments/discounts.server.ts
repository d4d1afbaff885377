import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { discountCodes, discountRedemptions, orders } from "../../../db/schema";
import type { Tenant } from "~/tenancy/schema";
import type { PaymentMethod } from "~/domain/payment-methods";
import type { OrderStatus } from "./order-payments.server";
import { allowsMethod, DELETE_DISCOUNT_CODE, personalDiscounts, type PersonalDiscount } from "./member-discounts.server";
import { priceProduct, type PricedProduct, type Product } from "./order-pricing";

/** docs/product/payments.md#time-bonus: 25% for a member who has not paid, within 4 hours of signup, once. */
export const TIME_BONUS_CODE = "TIMEBONUS25";
export const TIME_BONUS_PERCENT = 25;
export const TIME_BONUS_WINDOW_MS = 4 * 60 * 60 * 1000;
/** docs/product/payments.md#welcome-bonus: 25% on the first purchase of a new member, for the brand's welcome_discount_hours. */
export const WELCOME_CODE = "WELCOME25";
/** The codes of the one first-purchase discount (time bonus or welcome). */
export const FIRST_PURCHASE_CODES = [TIME_BONUS_CODE, WELCOME_CODE] as const;

export type DiscountKind = "time_bonus" | "welcome" | "delete_discount" | "code";

export interface Discount {
  code: string;
  percent: number;
  /** In cents of the order's currency; below it the discount does not apply. */
  minOrderCents: number;
  kind: DiscountKind;
  /** When it stops applying (the countdown of the time bonus), if it ends. */
  endsAt: Date | null;
  /** The payment methods it applies to (a brand may limit the welcome discount); absent or null for all. */
  methods?: readonly PaymentMethod[] | null;
}

/**
 * Why a typed code does not apply; each has its own text (payments catalogue, discount.errors).
 * "weaker": it applies, but the member's own discount takes off more, so that one counts (never both).
 * "method": the discount does not apply to the chosen payment method.
 */
export type DiscountError = "not_found" | "used" | "expired" | "min_order" | "throttled" | "weaker" | "method";

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

/** Until when the member's welcome discount applies, ignoring whether an order holds it (null: not at all). */
export function welcomeEndsAt(member: DiscountMember, welcome: PersonalDiscount | null): Date | null {
  return !member.paidUser && welcome?.status === "active" ? welcome.expiresAt : null;
}

export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * How strictly a code counts as taken. Pages ask "shown": held by a paid or pending order. An order
 * being placed asks "placing": an order still open at a checkout holds its code too — it can still
 * be paid — unless it was given up first (releaseAbandonedCheckouts).
 */
export type CodeUse = "shown" | "placing";

const HOLDING: Record<CodeUse, OrderStatus[]> = { shown: ["paid", "pending"], placing: ["paid", "pending", "open"] };

/** The codes among these that the member has used (see CodeUse). */
export async function usedCodes(db: Executor, memberId: number, codes: string[], use: CodeUse = "shown"): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: discountRedemptions.code })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(and(eq(discountRedemptions.memberId, memberId), inArray(discountRedemptions.code, codes), inArray(orders.status, HOLDING[use])));
  return new Set(rows.map((row) => row.code));
}

function timeBonus(endsAt: Date): Discount {
  return { code: TIME_BONUS_CODE, percent: TIME_BONUS_PERCENT, minOrderCents: 0, kind: "time_bonus", endsAt };
}

function welcomeDiscount(welcome: PersonalDiscount): Discount {
  return { code: WELCOME_CODE, percent: welcome.percent, minOrderCents: 0, kind: "welcome", endsAt: welcome.expiresAt, methods: welcome.methods };
}

function deleteDiscount(row: PersonalDiscount): Discount {
  return { code: DELETE_DISCOUNT_CODE, percent: row.percent, minOrderCents: 0, kind: "delete_discount", endsAt: row.expiresAt };
}

/** Whether a discount may be paid with this method (null: not chosen yet, as on /credits). */
export function appliesToMethod(discount: Discount, method: PaymentMethod | null | undefined): boolean {
  return allowsMethod(discount.methods, method);
}

/**
 * The best single discount among these for a product of this list price (or by percentage alone
 * without one): the one that takes off most, the first on a tie. Discounts never add up
 * (docs/product/payments.md#one-discount-at-a-time).
 */
export function bestDiscount(candidates: Array<Discount | null>, listCents?: number): Discount | null {
  let best: Discount | null = null;
  let bestPercent = 0;
  for (const candidate of candidates) {
    const percent = candidate ? (listCents === undefined ? candidate.percent : percentOff(candidate, listCents)) : 0;
    if (candidate && percent > bestPercent) [best, bestPercent] = [candidate, percent];
  }
  return best;
}

/**
 * The discount applied without typing a code (docs/product/payments.md#one-discount-at-a-time): the
 * better of the one first-purchase discount (the time bonus while it runs, otherwise the welcome
 * discount from the member's record) and the delete discount the member accepted, each while no
 * order holds it. With a method, one limited to other methods does not count.
 */
export async function activeDiscount(
  db: Executor,
  tenant: Tenant,
  member: DiscountMember,
  use: CodeUse = "shown",
  now = new Date(),
  method: PaymentMethod | null = null,
): Promise<Discount | null> {
  const { welcome, deleteDiscount: staying } = await personalDiscounts(db, tenant, member, now);
  const first = firstPurchaseDiscount(member, false, welcome, now);
  const stay = staying?.status === "active" ? deleteDiscount(staying) : null;
  const candidates = [first, stay].filter((discount): discount is Discount => discount !== null && appliesToMethod(discount, method));
  if (candidates.length === 0) return null;
  const held = await usedCodes(db, member.id, [...FIRST_PURCHASE_CODES, DELETE_DISCOUNT_CODE], use);
  const firstHeld = FIRST_PURCHASE_CODES.some((code) => held.has(code));
  return bestDiscount(candidates.filter((discount) => (discount.kind === "delete_discount" ? !held.has(DELETE_DISCOUNT_CODE) : !firstHeld)));
}

/** Whether the member's one first-purchase discount (time bonus or welcome) is held by an order. */
export async function firstPurchaseDiscountUsed(db: Executor, memberId: number, use: CodeUse = "shown"): Promise<boolean> {
  return (await usedCodes(db, memberId, [...FIRST_PURCHASE_CODES], use)).size > 0;
}

/** The first-purchase discount once it is known whether it was used and what the member's welcome record says (the layouts remember both). */
export function firstPurchaseDiscount(member: DiscountMember, used: boolean, welcome: PersonalDiscount | null, now = new Date()): Discount | null {
  if (used) return null;
  const bonusEnds = timeBonusEndsAt(member, now);
  if (bonusEnds) return timeBonus(bonusEnds);
  return welcome && welcomeEndsAt(member, welcome) ? welcomeDiscount(welcome) : null;
}

export type DiscountLookup = { ok: true; discount: Discount } | { ok: false; error: DiscountError };

/** A code the member typed: the time bonus, the welcome code or one of marketing's codes. */
export async function lookUpDiscount(
  db: Executor,
  input: { tenant: Tenant; member: DiscountMember; country: string; code: string; use?: CodeUse; now?: Date },
): Promise<DiscountLookup> {
  const now = input.now ?? new Date();
  const code = normaliseCode(input.code);
  const use = input.use ?? "shown";
  if (code === TIME_BONUS_CODE || code === WELCOME_CODE) {
    // The two first-purchase discounts exclude each other.
    if ((await usedCodes(db, input.member.id, [...FIRST_PURCHASE_CODES], use)).size > 0) return { ok: false, error: "used" };
    if (code === TIME_BONUS_CODE) {
      const endsAt = timeBonusEndsAt(input.member, now);
      return endsAt ? { ok: true, discount: timeBonus(endsAt) } : { ok: false, error: "expired" };
    }
    // The welcome code is the member's welcome record: used once an order used it, over once support ended it or its time ran out.
    const { welcome } = await personalDiscounts(db, input.tenant, input.member, now);
    if (welcome?.status === "used") return { ok: false, error: "used" };
    return welcome && welcomeEndsAt(input.member, welcome) ? { ok: true, discount: welcomeDiscount(welcome) } : { ok: false, error: "expired" };
  }
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code), eq(discountCodes.active, true), sql`(${discountCodes.siteId} is null or ${discountCodes.siteId} = ${input.tenant.id})`));
  // A code for another country, or with its minimum in another currency, is not for this buyer:
  // answered as a code that does not exist (before anything else about it), so codes cannot be
  // found out by trying them.
  if (!row || (row.country && row.country !== input.country) || (row.currency && row.currency !== input.tenant.currency)) return { ok: false, error: "not_found" };
  if ((await usedCodes(db, input.member.id, [code], use)).has(code)) return { ok: false, error: "used" };
  if (row.expiresAt && row.expiresAt <= now) return { ok: false, error: "expired" };
  // A code marketing limited is over once that many members used it (orders paid or under way).
  if (row.maxRedemptions !== null && (await redemptionsOf(db, code)) >= row.maxRedemptions) return { ok: false, error: "expired" };
  return { ok: true, discount: { code, percent: row.percent, minOrderCents: row.minOrderCents, kind: "code", endsAt: row.expiresAt } };
}

/** How many members hold a code by an order that is paid or still under way. */
export async function redemptionsOf(db: Executor, code: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(and(eq(discountRedemptions.code, code), inArray(orders.status, ["paid", "pending", "open"])));
  return row?.n ?? 0;
}

/** The percentage a discount takes off a price: all of it from the minimum order value, else none. */
export function percentOff(discount: Discount | null, listCents: number): number {
  return discount && listCents >= discount.minOrderCents ? discount.percent : 0;
}

/** A product's price after a discount (the list price below the discount's minimum); null for an unknown product. */
export function discountedPrice(tenant: Tenant, product: Product, discount: Discount | null): PricedProduct | null {
  const listed = priceProduct(tenant, product);
  if (!listed) return null;
  const percent = percentOff(discount, listed.listCents);
  return percent > 0 ? priceProduct(tenant, product, percent) : listed;
}

/**
 * Binds a code to a new order. The row per member and code is taken over only from an order that
 * failed, was cancelled or expired — never from one that is paid, pending or still payable at a
 * checkout; false means the code is in use and the caller rolls its order back.
 */
export async function reserveDiscount(db: Executor, memberId: number, code: string, orderId: number): Promise<boolean> {
  const rows = await db
    .insert(discountRedemptions)
    .values({ memberId, code, orderId })
    .onConflictDoUpdate({
      target: [discountRedemptions.memberId, discountRedemptions.code],
      set: { orderId, at: sql`now()` },
      where: sql`(select ${orders.status} from ${orders} where ${orders.id} = ${discountRedemptions.orderId}) not in ('paid', 'pending', 'open')`,
    })
    .returning({ orderId: discountRedemptions.orderId });
  return rows.length === 1;
}

/**
 * The member's welcome discount as the API reports it (welcome=true): its record, and whether it
 * applies to a purchase now — active, the member has not paid, no order holds a first-purchase code.
 */
export async function welcomeState(db: Executor, tenant: Tenant, member: DiscountMember, now = new Date()): Promise<{ record: PersonalDiscount; valid: boolean } | null> {
  const { welcome } = await personalDiscounts(db, tenant, member, now);
  if (!welcome) return null;
  const valid = welcomeEndsAt(member, welcome) !== null && !(await firstPurchaseDiscountUsed(db, member.id));
  return { record: welcome, valid };
}
