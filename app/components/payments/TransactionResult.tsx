import { useRevalidator } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentState } from "~/models/payments/pages/transactions-page.server";
import { formatMoney } from "~/utils/money";

export interface TransactionView {
  id: number;
  state: PaymentState;
  /** How often the page asks again while the payment is not settled; null once it stopped. */
  refreshMs: number | null;
  productId: string | null;
  credits: number;
  amountCents: number;
  currency: string;
  method: string;
}

/** Payment result (docs/product/payments.md#payment-result): loading, pending (processing, refreshes itself), completed, failed or cancelled. */
export function TransactionResult({
  order,
  balance,
  offerPaypal,
  recurringCardFailure,
}: {
  order: TransactionView;
  balance: number;
  offerPaypal: boolean;
  recurringCardFailure: boolean;
}) {
  const { t, i18n } = useTranslation("payments");
  const unsettled = order.state === "loading" || order.state === "pending";
  useRefreshEvery(order.refreshMs);
  const state = recurringCardFailure ? "recurring" : order.state;
  return (
    <section className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm" data-testid="transaction" data-state={order.state}>
      {unsettled ? <span aria-hidden="true" className="mb-4 block h-8 w-8 animate-spin rounded-full border-4 border-primary border-t-transparent" /> : null}
      <h1 className="text-2xl font-bold">{t(`result.${state}.title`)}</h1>
      <p className="mt-2 text-gray-700" role={order.state === "failed" ? "alert" : "status"} data-testid="transaction-message">
        {t(unsettled && order.refreshMs === null ? "result.pending.slow" : `result.${state}.text`, { count: order.credits })}
      </p>
      <p className="mt-4 text-sm text-gray-500">
        {t("result.summary", {
          count: order.credits,
          amount: formatMoney(order.amountCents, order.currency, i18n.language),
          method: t(`methods.${order.method}`),
        })}
      </p>
      {order.state === "completed" ? (
        <>
          <p className="mt-2 font-semibold" data-testid="transaction-balance" data-credits={balance}>
            {t("result.balance", { count: balance })}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <AppLink to="/members" className="btn-primary">
              {t("result.searchMembers")}
            </AppLink>
            <AppLink to="/chats" className="btn-outline">
              {t("result.toChats")}
            </AppLink>
          </div>
        </>
      ) : null}
      {order.state === "failed" && order.productId ? (
        <div className="mt-6 flex flex-wrap gap-3">
          {offerPaypal ? (
            <AppLink to={`/credits/${order.productId}/paypal`} className="btn-primary" data-testid="retry-paypal">
              {t("result.payWithPaypal")}
            </AppLink>
          ) : null}
          <AppLink to={`/credits/${order.productId}`} className={offerPaypal ? "btn-outline" : "btn-primary"} data-testid="retry-other-method">
            {t("result.retry")}
          </AppLink>
        </div>
      ) : null}
    </section>
  );
}

/** Asks again while the payment is not settled (live updates usually come first). */
function useRefreshEvery(ms: number | null) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (ms === null) return;
    const timer = window.setInterval(revalidate, ms);
    return () => window.clearInterval(timer);
  }, [ms, revalidate]);
}
