import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { getFixedT } from "~/i18n/i18next.server";
import { pricingTable } from "~/models/payments/pages/pricing-page.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { formatMoney, formatUnitPrice } from "~/utils/money";

export const handle = { i18n: ["common", "payments"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const t = await getFixedT(context.language, "payments");
  return { ...pricingTable(tenant), loggedIn: context.member !== null, title: `${t("pricing.title")} | ${tenant.name}` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** Pricing (docs/product/payments.md#pricing-page): what everything costs, in credits and in money; open to visitors too. */
export default function Pricing() {
  const { currency, costs, bundles, freeMessages, signupCredits, refundDays, loggedIn } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("payments");
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("pricing.title")}</h1>
      <p className="mt-2 text-gray-600">{t("pricing.intro", { free: freeMessages, signup: signupCredits })}</p>
      <table className="mt-6 w-full rounded-xl bg-white text-left text-sm shadow-sm" data-testid="pricing-costs">
        <thead>
          <tr className="border-b border-gray-200">
            <th className="p-3">{t("pricing.item")}</th>
            <th className="p-3">{t("pricing.credits")}</th>
            <th className="p-3">{t("pricing.money")}</th>
          </tr>
        </thead>
        <tbody>
          {costs.map((row) => (
            <tr key={row.item} className="border-b border-gray-100" data-testid={`cost-${row.item}`}>
              <td className="p-3 font-semibold">{t(`pricing.items.${row.item}`)}</td>
              <td className="p-3">{t("offer.credits", { count: row.credits })}</td>
              <td className="p-3">{row.fromCents === row.toCents ? money(row.fromCents) : t("pricing.range", { from: money(row.fromCents), to: money(row.toCents) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="mt-10 text-xl font-bold">{t("pricing.bundles")}</h2>
      <table className="mt-3 w-full rounded-xl bg-white text-left text-sm shadow-sm" data-testid="pricing-bundles">
        <thead>
          <tr className="border-b border-gray-200">
            <th className="p-3">{t("pricing.credits")}</th>
            <th className="p-3">{t("pricing.price")}</th>
            <th className="p-3">{t("pricing.perCredit")}</th>
          </tr>
        </thead>
        <tbody>
          {bundles.map((bundle) => (
            <tr key={bundle.id} className="border-b border-gray-100">
              <td className="p-3">
                {t("offer.credits", { count: bundle.credits })}
                {bundle.bonusCredits > 0 ? ` + ${t("offer.bonus", { count: bundle.bonusCredits })}` : null}
              </td>
              <td className="p-3 font-semibold">{money(bundle.priceCents)}</td>
              <td className="p-3">{formatUnitPrice(bundle.priceCents / (bundle.credits + bundle.bonusCredits), currency, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6 text-sm text-gray-600">{t("pricing.notes", { days: refundDays })}</p>
      {loggedIn ? (
        <AppLink to="/credits" className="btn-primary mt-6 inline-block">
          {t("pricing.buy")}
        </AppLink>
      ) : null}
    </main>
  );
}
