import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PaymentConfirm } from "~/components/payments/PaymentConfirm";
import { getFixedT } from "~/i18n/i18next.server";
import { payFromForm } from "~/models/payments/pages/checkout-page.server";
import { repeatOrderPage } from "~/models/payments/pages/repeat-order.server";
import { requireMember } from "~/web/require-member.server";

export const handle = { i18n: ["common", "payments"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const { product: _product, ...page } = await repeatOrderPage(context, { tenant, member });
  const t = await getFixedT(context.language, "payments");
  return { ...page, title: `${t("confirm.repeatTitle")} | ${tenant.name}` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const page = await repeatOrderPage(context, { tenant, member });
  // The order the member saw and confirmed must still be the one to repeat (another tab may have ordered since).
  const seen = Number((await request.clone().formData()).get("repeatOf"));
  if (seen !== page.repeatOfId) return data({ error: "order_changed" as const }, { status: 409 });
  const result = await payFromForm(request, context, { tenant, member, product: page.product, method: page.method, repeatOfId: page.repeatOfId });
  return result instanceof Response ? result : data(result, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Repeat last order (docs/product/payments.md#repeat-order): the same product and method in one step, confirmed in the payment modal. */
export default function RepeatOrder() {
  const { offer, currency, method, issuers, repeatOfId } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const { t } = useTranslation("payments");
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("confirm.repeatTitle")}</h1>
      <PaymentConfirm offer={offer} currency={currency} method={method} issuers={issuers} code={null} error={failure?.error ?? null} cancelTo="/credits" repeatOf={repeatOfId} />
    </main>
  );
}
