import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export interface CaseDiscount {
  id: number;
  kind: "welcome" | "delete_discount";
  percent: number;
  currency: string | null;
  /** ISO time. */
  expiresAt: string;
  status: "active" | "used" | "ended" | "expired";
  methods: string[] | null;
  orderId: number | null;
}

/** The member's personal discounts in the support case view (docs/product/support.md#personal-discounts). */
export function CaseDiscounts({ discounts, error, busy }: { discounts: CaseDiscount[]; error: boolean; busy: boolean }) {
  const { t } = useTranslation("staff");
  return (
    <section className="rounded-lg bg-white p-3 text-sm shadow-sm" data-testid="case-discounts">
      <h2 className="font-semibold">{t("discounts.title")}</h2>
      {error ? <p role="alert" className="text-red-700">{t("discounts.errors.end")}</p> : null}
      <ul className="mt-1 space-y-2">
        {discounts.map((discount) => (
          <li key={discount.id} data-testid="case-discount" data-kind={discount.kind} data-status={discount.status} data-order-id={discount.orderId ?? undefined}>
            {t(`discounts.kind.${discount.kind}`)} · {discount.percent}% · {t(`discounts.status.${discount.status}`)}
            <br />
            {/* UTC, written the same on server and browser. */}
            {t("discounts.until", { date: `${discount.expiresAt.slice(0, 16).replace("T", " ")} UTC` })}
            {" · "}
            {discount.methods ? t("discounts.methods", { methods: discount.methods.join(", ") }) : t("discounts.allMethods")}
            {discount.orderId ? ` · ${t("discounts.order", { id: discount.orderId })}` : null}
            {discount.kind === "welcome" && discount.status === "active" ? (
              <Form method="post" className="mt-1">
                <input type="hidden" name="intent" value="end_welcome" />
                <button type="submit" className="rounded border border-red-800 px-2 text-red-800" disabled={busy} data-testid="end-welcome">
                  {t("discounts.end")}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
