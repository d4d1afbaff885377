import type { AppLoadContext } from "@remix-run/node";
import type { Executor } from "../../../../db/client.server";
import { isCountry, type Country } from "~/domain/languages";
import type { Tenant } from "~/tenancy/schema";
import { countRequest, isLimited, RATE_LIMITS, type RateLimit } from "~/models/safety/rate-limits.server";
import { activeDiscount, appliesToMethod, bestDiscount, discountedPrice, lookUpDiscount, percentOff, type Discount, type DiscountError, type DiscountKind, type DiscountMember } from "~/models/payments/discounts.server";
import { productId, type Product } from "~/models/payments/order-pricing";
import type { PaymentMethod } from "~/domain/payment-methods";

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
  /** The payment methods it applies to; null for all. */
  methods: PaymentMethod[] | null;
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
 * The discount a page shows and an order gets (docs/product/payments.md#one-discount-at-a-time):
 * the typed code if it applies (for one product: if its price reaches the code's minimum) and
 * takes off more than the member's own discount, else the member's own. With a method chosen, a
 * discount limited to other methods does not count.
 */
export async function discountFor(
  db: Executor,
  input: { tenant: Tenant; member: DiscountMember; country: Country; code: string | null; listCents?: number; method?: PaymentMethod | null },
): Promise<{ discount: Discount | null; code: string | null; codeError: DiscountError | null }> {
  const own = () => activeDiscount(db, input.tenant, input.member, "shown", new Date(), input.method ?? null);
  if (!input.code) return { discount: await own(), code: null, codeError: null };
  // Guessing codes is throttled: wrong codes count per member (a member is counted as themselves, never by a shared address); past the limit no code is looked up.
  const limits: Array<[RateLimit, string | number | null]> = [[RATE_LIMITS.discountCodePerMember, input.member.id]];
  if (!(await isLimited(db, input.tenant.id, limits)).ok) return { discount: await own(), code: null, codeError: "throttled" };
  const found = await lookUpDiscount(db, { tenant: input.tenant, member: input.member, country: input.country, code: input.code });
  if (!found.ok) {
    await countRequest(db, input.tenant.id, limits);
    return { discount: await own(), code: null, codeError: found.error };
  }
  if (!appliesToMethod(found.discount, input.method)) return { discount: await own(), code: null, codeError: "method" };
  if (input.listCents !== undefined && percentOff(found.discount, input.listCents) === 0) return { discount: await own(), code: null, codeError: "min_order" };
  const mine = await own();
  if (bestDiscount([mine, found.discount], input.listCents) !== found.discount) return { discount: mine, code: null, codeError: "weaker" };
  return { discount: found.discount, code: found.discount.code, codeError: null };
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
    methods: discount.methods ? [...discount.methods] : null,
  };
}
