import type { Tenant } from "~/tenancy/schema";

/** What an order buys: a credit bundle or a premium tier of the brand's price list. */
export type Product = { kind: "bundle"; id: string } | { kind: "premium"; tier: "p0" | "p1" | "p2" | "p3" };

export interface PricedProduct {
  product: string;
  credits: number;
  bonusCredits: number;
  /** The list price and the charged price after the discount, in integer cents. */
  listCents: number;
  amountCents: number;
  currency: string;
  discountPercent: number;
}

/** `bundle:<id>` / `premium:<tier>` as stored on an order, or null for anything else. */
export function parseProduct(value: string): Product | null {
  const [kind, id] = value.split(":");
  if (kind === "bundle" && id && /^[a-z0-9-]+$/.test(id)) return { kind, id };
  if (kind === "premium" && (id === "p0" || id === "p1" || id === "p2" || id === "p3")) return { kind, tier: id };
  return null;
}

/** The product a /credits/{id} path names: a premium tier (p0–p3) or a bundle id. */
export function productFromId(id: string): Product | null {
  if (id === "p0" || id === "p1" || id === "p2" || id === "p3") return { kind: "premium", tier: id };
  return /^[a-z0-9-]+$/.test(id) ? { kind: "bundle", id } : null;
}

/** The /credits/{id} path segment of a product. */
export function productId(product: Product): string {
  return product.kind === "premium" ? product.tier : product.id;
}

/**
 * The price of a product on a brand, in the brand's currency, with a discount in whole percent.
 * The discount is taken off in integer cents, rounded half up to the cent: the charged amount
 * never depends on floating point and never reaches zero.
 */
export function priceProduct(tenant: Tenant, product: Product, discountPercent = 0): PricedProduct | null {
  const list = tenant.pricing[tenant.currency];
  if (!list || !Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent >= 100) return null;
  const item =
    product.kind === "bundle"
      ? list.bundles.find((bundle) => bundle.id === product.id)
      : list.premium.find((tier) => tier.tier === product.tier);
  if (!item) return null;
  const listCents = item.price_cents;
  const amountCents = Math.max(1, Math.floor((listCents * (100 - discountPercent) + 50) / 100));
  return {
    product: product.kind === "bundle" ? `bundle:${product.id}` : `premium:${product.tier}`,
    credits: item.credits,
    bonusCredits: "bonus_credits" in item ? item.bonus_credits : 0,
    listCents,
    amountCents,
    currency: tenant.currency,
    discountPercent,
  };
}

/** docs/product/payments.md#credits: at this balance or less the credits show as running low. */
export const LOW_CREDITS = 10;
