import { useTranslation } from "react-i18next";
import type { WrittenDiscount } from "~/models/payments/pages/price-texts.server";

/** Says which discount the prices include (time bonus, welcome, delete discount or a typed code), until when and for which payment methods (the loader writes the date and amount). */
export function DiscountNotice({ discount }: { discount: WrittenDiscount }) {
  const { t } = useTranslation("payments");
  return (
    <p className="rounded-xl bg-success/10 px-4 py-3 text-sm font-semibold text-success" data-testid="discount-notice" data-code={discount.code}>
      {t(`discount.applied.${discount.kind}`, { percent: discount.percent, code: discount.code })}
      {discount.until ? ` ${t("discount.until", { date: discount.until })}` : null}
      {discount.minimum ? ` ${t("discount.minimum", { amount: discount.minimum })}` : null}
      {discount.methods ? ` ${t("discount.methodsOnly", { methods: discount.methods.map((method) => t(`methods.${method}`)).join(", ") })}` : null}
    </p>
  );
}
