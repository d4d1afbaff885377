import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { DiscountCodeForm } from "~/components/payments/DiscountCodeForm";
import { DiscountNotice } from "~/components/payments/DiscountNotice";
import { OfferCard } from "~/components/payments/OfferCard";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { buyerCountry, creditOffers } from "~/models/payments/pages/credit-offers.server";
import { orderToRepeat } from "~/models/payments/member-orders.server";
import { requireMember } from "~/web/require-member.server";
import { withPrices, writtenDiscount } from "~/models/payments/pages/price-texts.server";

export const handle = { i18n: ["common", "payments"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const typed = new URL(request.url).searchParams.get("code")?.slice(0, 40) ?? "";
  const [offers, repeat, t] = await Promise.all([
    creditOffers(db(), { tenant, member, country: buyerCountry(context, tenant), code: typed || null }),
    orderToRepeat(db(), { memberId: member.id, siteId: tenant.id }),
    getFixedT(context.language, "payments"),
  ]);
  const { currency, discount } = offers;
  return {
    offers: { ...offers, bundles: withPrices(offers.bundles, currency, context.language), discount: discount && writtenDiscount(discount, currency, context.language, tenant.timezone) },
    typed,
    canRepeat: repeat !== null,
    credits: member.credits,
    title: `${t("credits.title")} | ${tenant.name}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** Buying credits (docs/product/payments.md#credit-bundles): the brand's bundles at the price the member pays now. */
export default function Credits() {
  const { offers, typed, canRepeat, credits } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  const query = offers.code ? `?code=${encodeURIComponent(offers.code)}` : "";
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("credits.title")}</h1>
      <p className="mt-2 text-gray-600">{t("credits.intro", { count: credits })}</p>
      <div className="mt-4 space-y-3">
        {offers.discount ? <DiscountNotice discount={offers.discount} /> : null}
        <DiscountCodeForm code={offers.code} error={offers.codeError} typed={typed} />
      </div>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="bundles">
        {offers.bundles.map((offer) => (
          <OfferCard
            key={offer.id}
            offer={offer}
            title={t("credits.bundle", { count: offer.credits + offer.bonusCredits })}
            action={
              <AppLink to={`/credits/${offer.id}${query}`} className="btn-primary text-center" data-testid={`buy-${offer.id}`}>
                {t("credits.choose")}
              </AppLink>
            }
          />
        ))}
      </ul>
      <nav className="mt-8 flex flex-wrap gap-4 text-sm font-semibold">
        {canRepeat ? (
          <AppLink to="/credits/repeat-order" className="text-primary" data-testid="repeat-order-link">
            {t("credits.repeat")}
          </AppLink>
        ) : null}
        <AppLink to="/premium" className="text-primary">
          {t("credits.premiumLink")}
        </AppLink>
        <AppLink to="/pricing" className="text-primary">
          {t("credits.pricingLink")}
        </AppLink>
        <AppLink to="/transactions" className="text-primary">
          {t("credits.historyLink")}
        </AppLink>
      </nav>
    </main>
  );
}
