import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { requireLocalServices } from "~/web/local-services.server";
import { isPaymentMethod, issuersOf } from "~/domain/payment-methods";
import { CHECKOUT_OUTCOMES, completeLocalCheckout, localPayment, type CheckoutOutcome } from "~/services/payments/local.server";
import { notFound } from "~/web/http.server";
import { formatMoney } from "~/utils/money";

export const handle = { i18n: ["common", "payments"], hideLanguageSwitcher: true };

export async function loader({ params, context }: LoaderFunctionArgs) {
  requireLocalServices(context);
  const payment = await localPayment(db(), params.id ?? "");
  if (!payment) notFound();
  const { id, amountCents, currency, description, method, status, redirectUrl } = payment;
  const bank = isPaymentMethod(method) ? issuersOf(method).find((issuer) => issuer.id === payment.issuer) : undefined;
  return { id, amountCents, currency, description, method, issuer: bank?.name ?? payment.issuer, status, redirectUrl };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLocalServices(context);
  const outcome = (await request.formData()).get("outcome");
  if (!CHECKOUT_OUTCOMES.includes(outcome as CheckoutOutcome)) return redirect(`/dev/checkout/${params.id}`, 303);
  const next = await completeLocalCheckout(db(), params.id ?? "", outcome as CheckoutOutcome, env().PORT);
  // A payment that is settled already shows its status and the way back.
  return redirect(next ?? `/dev/checkout/${params.id}`, 303);
}

export const meta: MetaFunction = () => [{ title: "Checkout (local)" }];

/**
 * The local provider's hosted checkout: the buyer pays, fails, cancels or leaves the payment
 * pending (and can come back to settle it), and the webhook hears of it as from a real provider.
 */
export default function LocalCheckout() {
  const payment = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("payments");
  const settled = payment.status !== "open" && payment.status !== "pending";
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm" data-testid="local-checkout" data-status={payment.status}>
        <p className="text-xs font-semibold uppercase text-gray-500">{t("localCheckout.notice")}</p>
        <h1 className="mt-2 text-2xl font-bold">{formatMoney(payment.amountCents, payment.currency, i18n.language)}</h1>
        <p className="mt-1 text-gray-700">{payment.description}</p>
        <p className="mt-1 text-sm text-gray-500">
          {t(`methods.${payment.method}`)}
          {payment.issuer ? ` · ${payment.issuer}` : null} · {payment.id}
        </p>
        <p className="mt-3 text-sm font-semibold" data-testid="local-checkout-status">
          {t("localCheckout.status", { status: t(`localCheckout.statuses.${payment.status}`) })}
        </p>
        {settled ? (
          <a href={payment.redirectUrl} className="btn-primary mt-5 block text-center">
            {t("localCheckout.back")}
          </a>
        ) : (
          <Form method="post" className="mt-5 grid gap-2">
            <button type="submit" name="outcome" value="paid" className="btn-primary" data-testid="checkout-paid">
              {t("localCheckout.pay")}
            </button>
            {payment.status === "open" ? (
              <button type="submit" name="outcome" value="pending" className="btn-outline" data-testid="checkout-pending">
                {t("localCheckout.pending")}
              </button>
            ) : null}
            <button type="submit" name="outcome" value="failed" className="btn-outline" data-testid="checkout-failed">
              {t("localCheckout.fail")}
            </button>
            <button type="submit" name="outcome" value="canceled" className="btn-outline" data-testid="checkout-canceled">
              {t("localCheckout.cancel")}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
