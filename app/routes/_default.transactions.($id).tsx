import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TransactionList } from "~/components/payments/TransactionList";
import { TransactionResult } from "~/components/payments/TransactionResult";
import { getFixedT } from "~/i18n/i18next.server";
import { requireMember } from "~/web/require-member.server";
import { transactionList, transactionPage } from "~/models/payments/pages/transactions-page.server";
import { notFound } from "~/web/http.server";

export const handle = { i18n: ["common", "payments"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const t = await getFixedT(context.language, "payments");
  if (params.id === undefined) {
    return { kind: "list" as const, orders: await transactionList({ tenant, member }), title: `${t("transactions.title")} | ${tenant.name}` };
  }
  if (!/^\d{1,15}$/.test(params.id)) notFound();
  const page = await transactionPage(context, { tenant, member, orderId: Number(params.id) });
  return { kind: "result" as const, ...page, title: `${t(`result.${page.order.state}.title`)} | ${tenant.name}` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** The payment result page (docs/product/payments.md#payment-result) and, without an id, the member's payments (docs/product/payments.md#transactions). */
export default function Transactions() {
  const page = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      {page.kind === "list" ? (
        <TransactionList orders={page.orders} />
      ) : (
        <TransactionResult order={page.order} balance={page.balance} offerPaypal={page.offerPaypal} recurringCardFailure={page.recurringCardFailure} />
      )}
    </main>
  );
}
