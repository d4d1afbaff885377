import { useTranslation } from "react-i18next";
import type { DiscountView } from "~/models/payments/pages/credit-offers.server";
import { useRootData } from "~/root";
import { formatMoney } from "~/utils/money";
import { dateTimeFormat } from "~/utils/intl-formats";

/** Says which discount the prices include (time bonus, welcome discount or a typed code) and until when. */
export function DiscountNotice({ discount, currency }: { discount: DiscountView; currency: string }) {
  const { t, i18n } = useTranslation("payments");
  const timeZone = useRootData()?.brand.timezone;
  const until = discount.endsAt
    ? dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(discount.endsAt))
    : null;
  return (
    <p className="rounded-xl bg-success/10 px-4 py-3 text-sm font-semibold text-success" data-testid="discount-notice" data-code={discount.code}>
      {t(`discount.applied.${discount.kind}`, { percent: discount.percent, code: discount.code })}
      {until ? ` ${t("discount.until", { date: until })}` : null}
      {discount.minOrderCents > 0 ? ` ${t("discount.minimum", { amount: formatMoney(discount.minOrderCents, currency, i18n.language) })}` : null}
    </p>
  );
}
