import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Offer } from "~/models/payments/pages/credit-offers.server";
import type { PricedOffer } from "~/models/payments/pages/price-texts.server";

export type OfferView = Omit<Offer, "kind">;

/** A bundle or premium tier: credits, bonus, the price paid (the list price struck through under a discount) and the price per credit (the loader writes the prices). */
export function OfferCard({ offer, title, action }: { offer: PricedOffer; title: string; action: ReactNode }) {
  const { t } = useTranslation("payments");
  return (
    <li
      className={`relative flex flex-col rounded-2xl border bg-white p-5 shadow-sm ${offer.popular ? "border-primary ring-2 ring-primary" : "border-gray-200"}`}
      data-testid={`offer-${offer.id}`}
    >
      {offer.popular ? (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-0.5 text-xs font-bold uppercase text-white">
          {t("offer.popular")}
        </span>
      ) : null}
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="mt-2 text-3xl font-extrabold">{t("offer.credits", { count: offer.credits })}</p>
      {offer.bonusCredits > 0 ? <p className="text-sm font-semibold text-success">{t("offer.bonus", { count: offer.bonusCredits })}</p> : null}
      <p className="mt-4">
        {offer.discountPercent > 0 ? (
          <>
            <del className="mr-2 text-gray-400" data-testid="list-price">
              {offer.prices.list}
            </del>
            <span className="mr-2 rounded bg-success px-1.5 py-0.5 text-xs font-bold text-white">−{offer.discountPercent}%</span>
          </>
        ) : null}
        <span className="text-xl font-bold" data-testid="price" data-cents={offer.amountCents}>
          {offer.prices.amount}
        </span>
      </p>
      <p className="text-xs text-gray-500">{t("offer.perCredit", { price: offer.prices.perCredit })}</p>
      <div className="mt-4 flex-1" />
      {action}
    </li>
  );
}
