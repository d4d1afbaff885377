import type { Tenant } from "~/tenancy/schema";

/** What one thing costs in credits, and in money at the cheapest and the dearest price per credit. */
export interface CostRow {
  item: "message" | "photo" | "gift";
  credits: number;
  fromCents: number;
  toCents: number;
}

/**
 * /pricing (docs/product/payments.md#pricing-page): what a message, a photo and a gift cost in credits, and what that is
 * in money depending on the bundle bought (bonus credits included), from the brand's price list.
 */
export function pricingTable(tenant: Tenant) {
  const list = tenant.pricing[tenant.currency]!;
  const perCredit = list.bundles.map((bundle) => bundle.price_cents / (bundle.credits + bundle.bonus_credits));
  const cheapest = Math.min(...perCredit);
  const dearest = Math.max(...perCredit);
  const { message_credits, photo_credits, gift_credits } = tenant.settings;
  const row = (item: CostRow["item"], credits: number): CostRow => ({
    item,
    credits,
    fromCents: Math.round(credits * cheapest),
    toCents: Math.round(credits * dearest),
  });
  return {
    currency: tenant.currency,
    costs: [row("message", message_credits), row("photo", photo_credits), row("gift", gift_credits)],
    bundles: list.bundles.map((bundle) => ({ id: bundle.id, credits: bundle.credits, bonusCredits: bundle.bonus_credits, priceCents: bundle.price_cents })),
    freeMessages: tenant.settings.free_messages,
    signupCredits: tenant.settings.signup_credits,
    refundDays: tenant.settings.refund_days,
  };
}
