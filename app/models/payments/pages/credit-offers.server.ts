import type { AppLoadContext } from "@remix-run/node";
import type { Executor } from "../../../../db/client.server";
import { isCountry, type Country } from "~/domain/languages";
import type { Tenant } from "~/tenancy/schema";
import { countRequest, isLimited, RATE_LIMITS, type RateLimit } from "~/models/safety/rate-limits.server";
import { activeDiscount, discountedPrice, lookUpDiscount, percentOff, type Discount, type DiscountError, type DiscountKind, type DiscountMember } from "~/models/payments/discounts.server";
import { productId, type Product } from "~/models/payments/order-pricing";

export interface Offer {
  /** The /credits/{id} path segment. */
  id: string;
  kind: Product["kind"];
  credits: number;
  bonusCredits: number;
  listCents: number;
  amountCents: number;
  discountPercent: number;
  popular: boolean;
}

export interface DiscountView {
  code: string;
  percent: number;
  kind: DiscountKind;
  minOrderCents: number;
  /** ISO time it ends, if it does. */
  endsAt: string | null;
}

export interface CreditOffers {
  currency: string;
  bundles: Offer[];
  premium: Offer[];
  discount: DiscountView | null;
  /** The code the member typed, kept for the links and the form; null when it did not apply. */
  code: string | null;
  codeError: DiscountError | null;
}

/**
 * The country a purchase is made from: the visitor's country when the brand serves it, otherwise
 * the brand's first country. It picks the payment methods offered.
 */
export function buyerCountry(context: AppLoadContext, tenant: Tenant): Country {
  const visitor = context.country;
  if (isCountry(visitor) && tenant.countries.includes(visitor)) return visitor;
  return tenant.countries[0] as Country;
}

/**
 * The discount a page shows and an order gets: the typed code if it applies (for one product:
 * if its price reaches the code's minimum), else the active one.
 */
export async function discountFor(
  db: Executor,
  input: { tenant: Tenant; member: DiscountMember; country: Country; code: string | null; listCents?: number },
): Promise<{ discount: Discount | null; code: string | null; codeError: DiscountError | null }> {
  if (input.code) {
    // Guessing codes is throttled: wrong codes count per member (a member is counted as themselves, never by a shared address); past the limit no code is looked up.
    const limits: Array<[RateLimit, string | number | null]> = [[RATE_LIMITS.discountCodePerMember, input.member.id]];
    if (!(await isLimited(db, input.tenant.id, limits)).ok) return { discount: await activeDiscount(db, input.tenant, input.member), code: null, codeError: "throttled" };
    const found = await lookUpDiscount(db, { tenant: input.tenant, member: input.member, country: input.country, code: input.code });
    if (!found.ok) await countRequest(db, input.tenant.id, limits);
    const reaches = !found.ok || input.listCents === undefined || percentOff(found.discount, input.listCents) > 0;
    if (found.ok && reaches) return { discount: found.discount, code: found.discount.code, codeError: null };
    if (found.ok) return { discount: await activeDiscount(db, input.tenant, input.member), code: null, codeError: "min_order" };
    return { discount: await activeDiscount(db, input.tenant, input.member), code: null, codeError: found.error };
  }
  return { discount: await activeDiscount(db, input.tenant, input.member), code: null, codeError: null };
}

/** One product at the price the member pays now. */
export function offerFor(tenant: Tenant, product: Product, discount: Discount | null): Offer | null {
  const priced = discountedPrice(tenant, product, discount);
  if (!priced) return null;
  const popular = product.kind === "premium" && (tenant.pricing[tenant.currency]?.premium.find((tier) => tier.tier === product.tier)?.popular ?? false);
  return {
    id: productId(product),
    kind: product.kind,
    credits: priced.credits,
    bonusCredits: priced.bonusCredits,
    listCents: priced.listCents,
    amountCents: priced.amountCents,
    discountPercent: priced.discountPercent,
    popular,
  };
}

/** The brand's bundles and premium tiers with the discount that applies (/credits, /premium). */
export async function creditOffers(
  db: Executor,
  input: { tenant: Tenant; member: DiscountMember; country: Country; code: string | null },
): Promise<CreditOffers> {
  const { tenant } = input;
  const found = await discountFor(db, input);
  const list = tenant.pricing[tenant.currency]!;
  return {
    currency: tenant.currency,
    bundles: list.bundles.map((bundle) => offerFor(tenant, { kind: "bundle", id: bundle.id }, found.discount)!),
    premium: list.premium.map((tier) => offerFor(tenant, { kind: "premium", tier: tier.tier }, found.discount)!),
    discount: found.discount ? discountView(found.discount) : null,
    code: found.code,
    codeError: found.codeError,
  };
}

export function discountView(discount: Discount): DiscountView {
  return {
    code: discount.code,
    percent: discount.percent,
    kind: discount.kind,
    minOrderCents: discount.minOrderCents,
    endsAt: discount.endsAt?.toISOString() ?? null,
  };
}
