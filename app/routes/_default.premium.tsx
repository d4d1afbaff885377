import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import Check from "lucide-react/icons/check";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { DiscountNotice } from "~/components/payments/DiscountNotice";
import { OfferCard } from "~/components/payments/OfferCard";
import { Icon } from "~/components/ui/Icon";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { buyerCountry, creditOffers } from "~/models/payments/pages/credit-offers.server";
import { requireMember } from "~/web/require-member.server";
import { withPrices, writtenDiscount } from "~/models/payments/pages/price-texts.server";

export const handle = { i18n: ["common", "payments"] };

const BENEFITS = ["photos", "uploads", "conversations", "credits"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const [offers, t] = await Promise.all([
    creditOffers(db(), { tenant, member, country: buyerCountry(context, tenant), code: null }),
    getFixedT(context.language, "payments"),
  ]);
  const { currency, discount } = offers;
  return {
    premium: withPrices(offers.premium, currency, context.language),
    discount: discount && writtenDiscount(discount, currency, context.language, tenant.timezone),
    paidUser: member.paidUser,
    title: `${t("premium.title")} | ${tenant.name}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** Premium packages (docs/product/payments.md#premium): tiers p0 to p3, one marked popular; the first purchase makes a member premium. */
export default function Premium() {
  const { premium, discount, paidUser } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payments");
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("premium.title")}</h1>
      <p className="mt-2 text-gray-600" data-testid="premium-status">
        {t(paidUser ? "premium.already" : "premium.intro")}
      </p>
      <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <Icon icon={Check} className="mt-0.5 text-success" />
            {t(`premium.benefits.${benefit}`)}
          </li>
        ))}
      </ul>
      {discount ? <div className="mt-4"><DiscountNotice discount={discount} /></div> : null}
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="premium-tiers">
        {premium.map((offer) => (
          <OfferCard
            key={offer.id}
            offer={offer}
            title={t(`premium.tiers.${offer.id}`)}
            action={
              <AppLink to={`/credits/${offer.id}`} className="btn-primary text-center" data-testid={`buy-${offer.id}`}>
                {t("premium.choose")}
              </AppLink>
            }
          />
        ))}
      </ul>
    </main>
  );
}
