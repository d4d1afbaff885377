import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root";
import { formatMoney } from "~/utils/money";
import type { TransactionView } from "./TransactionResult";
import { dateTimeFormat } from "~/utils/intl-formats";

/** The member's payments, newest first, each linking to its result page. */
export function TransactionList({ orders }: { orders: (TransactionView & { createdAt: string })[] }) {
  const { t, i18n } = useTranslation("payments");
  const timeZone = useRootData()?.brand.timezone;
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone });
  return (
    <section>
      <h1 className="text-3xl font-bold">{t("transactions.title")}</h1>
      {orders.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-gray-700 shadow-sm" data-testid="transactions-empty">
          {t("transactions.empty")}{" "}
          <AppLink to="/credits" className="font-semibold text-primary">
            {t("transactions.buy")}
          </AppLink>
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-gray-200 rounded-xl bg-white shadow-sm" data-testid="transactions">
          {orders.map((order) => (
            <li key={order.id}>
              <AppLink to={`/transactions/${order.id}`} className="flex items-center justify-between gap-4 p-4 hover:bg-gray-50">
                <span>
                  <span className="block font-semibold">{t("offer.credits", { count: order.credits })}</span>
                  <span className="block text-xs text-gray-500">
                    {date.format(new Date(order.createdAt))} · {t(`methods.${order.method}`)}
                  </span>
                </span>
                <span className="text-right">
                  <span className="block font-semibold">{formatMoney(order.amountCents, order.currency, i18n.language)}</span>
                  <span className="block text-xs" data-testid="transaction-state">
                    {t(`transactions.states.${order.state}`)}
                  </span>
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
