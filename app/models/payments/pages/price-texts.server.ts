import type { DiscountView, Offer } from "./credit-offers.server";
import { dateTimeFormat } from "~/utils/intl-formats";
import { formatMoney, formatUnitPrice } from "~/utils/money";

/**
 * Prices and discount dates as the offer pages write them, formatted by their loaders rather than
 * in the browser (docs/decisions/036-intl-formatting-in-loaders.md).
 */
export interface OfferPrices {
  /** The list price, shown struck through under a discount. */
  list: string;
  amount: string;
  /** The price paid per credit, bonus credits included. */
  perCredit: string;
}

export type PricedOffer = Omit<Offer, "kind"> & { prices: OfferPrices };

export type WrittenDiscount = DiscountView & {
  /** When it ends, in the brand's time zone; null when it does not. */
  until: string | null;
  /** The smallest order it applies to; null when there is none. */
  minimum: string | null;
};

export function withPrices<T extends Omit<Offer, "kind">>(offers: T[], currency: string, language: string): Array<T & { prices: OfferPrices }> {
  return offers.map((offer) => ({
    ...offer,
    prices: {
      list: formatMoney(offer.listCents, currency, language),
      amount: formatMoney(offer.amountCents, currency, language),
      perCredit: formatUnitPrice(offer.amountCents / (offer.credits + offer.bonusCredits), currency, language),
    },
  }));
}

export function writtenDiscount(discount: DiscountView, currency: string, language: string, timeZone: string): WrittenDiscount {
  return {
    ...discount,
    until: discount.endsAt ? dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(discount.endsAt)) : null,
    minimum: discount.minOrderCents > 0 ? formatMoney(discount.minOrderCents, currency, language) : null,
  };
}
