import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/ui/Modal";
import type { CheckoutError } from "~/models/payments/pages/checkout-page.server";
import type { Issuer, PaymentMethod } from "~/domain/payment-methods";
import { formatMoney } from "~/utils/money";
import type { OfferView } from "./OfferCard";

/**
 * The payment confirm modal (docs/product/payments.md#checkout): what is bought, what it costs, through which
 * method — and the bank where the method asks for one — before the buyer leaves for the checkout.
 * Rendered by the server too, so it works without JavaScript.
 */
export function PaymentConfirm({
  offer,
  currency,
  method,
  issuers,
  code,
  error,
  cancelTo,
  repeatOf,
}: {
  offer: OfferView;
  currency: string;
  method: PaymentMethod;
  issuers: Issuer[];
  code: string | null;
  error: CheckoutError | null;
  cancelTo: string;
  /** The order a repeat repeats, sent along so the server can tell it is still the last one. */
  repeatOf?: number;
}) {
  const repeat = repeatOf !== undefined;
  const { t, i18n } = useTranslation("payments");
  const sending = useNavigation().state !== "idle";
  const navigate = useNavigate();
  return (
    // Escape is the cancel link (docs/product/payments.md#checkout).
    <Modal labelledBy="confirm-title" onClose={() => navigate(cancelTo, { preventScrollReset: true })} testId="payment-confirm" className="max-w-md p-6">
      <h2 id="confirm-title" className="text-xl font-bold">
        {t(repeat ? "confirm.repeatTitle" : "confirm.title")}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-y-2 text-sm">
        <dt className="text-gray-600">{t("confirm.credits")}</dt>
        <dd className="text-right font-semibold">{t("offer.credits", { count: offer.credits + offer.bonusCredits })}</dd>
        <dt className="text-gray-600">{t("confirm.method")}</dt>
        <dd className="text-right font-semibold">{t(`methods.${method}`)}</dd>
        {offer.discountPercent > 0 ? (
          <>
            <dt className="text-gray-600">{t("confirm.discount")}</dt>
            <dd className="text-right font-semibold text-success">−{offer.discountPercent}%</dd>
          </>
        ) : null}
        <dt className="text-gray-600">{t("confirm.total")}</dt>
        <dd className="text-right text-lg font-bold" data-testid="confirm-total" data-cents={offer.amountCents}>
          {formatMoney(offer.amountCents, currency, i18n.language)}
        </dd>
      </dl>
      <Form method="post" className="mt-5 space-y-4">
        {code ? <input type="hidden" name="code" value={code} /> : null}
        <input type="hidden" name="expected" value={offer.amountCents} />
        {repeat ? <input type="hidden" name="repeatOf" value={repeatOf} /> : null}
        {issuers.length > 0 ? (
          <label className="flex flex-col text-sm font-semibold">
            {t("confirm.bank")}
            <select name="issuer" required className="mt-1 rounded-lg border border-gray-300 px-3 py-2 font-normal" defaultValue="" data-testid="issuer">
              <option value="" disabled>
                {t("confirm.chooseBank")}
              </option>
              {issuers.map((issuer) => (
                <option key={issuer.id} value={issuer.id}>
                  {issuer.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-semibold text-danger" data-testid="confirm-error">
            {t(`confirm.errors.${error}`)}
          </p>
        ) : null}
        <div className="flex gap-3">
          <AppLink to={cancelTo} className="btn-outline flex-1 text-center" preventScrollReset>
            {t("confirm.cancel")}
          </AppLink>
          <button type="submit" className="btn-primary flex-1" disabled={sending} data-testid="confirm-pay">
            {t("confirm.pay")}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
