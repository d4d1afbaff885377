import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/ui/SubmitButton";
import type { DiscountError } from "~/models/payments/discounts.server";

/** The discount-code field (docs/product/payments.md#discount-codes): a GET form, so the code travels in the address and prices follow it. */
export function DiscountCodeForm({ code, error, typed }: { code: string | null; error: DiscountError | null; typed: string }) {
  const { t } = useTranslation("payments");
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="discount-form">
      <label className="flex flex-col text-sm font-semibold">
        {t("discount.label")}
        <input
          name="code"
          defaultValue={code ?? typed}
          autoComplete="off"
          className="mt-1 w-48 rounded-lg border border-gray-300 px-3 py-2 font-normal uppercase"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "discount-error" : undefined}
        />
      </label>
      <SubmitButton className="btn-outline">
        {t("discount.apply")}
      </SubmitButton>
      {error ? (
        <p id="discount-error" role="alert" className="w-full text-sm font-semibold text-danger" data-testid="discount-error">
          {t(`discount.errors.${error}`)}
        </p>
      ) : null}
    </Form>
  );
}
