import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { ErrorPage, errorPageMeta } from "~/components/ErrorPage";
import { CodeStep, MandateForm } from "~/components/payments/DirectDebitForms";
import { Alert } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { formatMoney } from "~/utils/money";
import { buyerCountry } from "~/models/payments/pages/credit-offers.server";
import { directDebitPage, submitCode, submitMandate, submitResend } from "~/models/payments/pages/direct-debit-page.server";
import { CODE_LIFETIME_MS } from "~/models/payments/direct-debit.server";
import { requireMember } from "~/web/require-member.server";
import { assertMayBuy } from "~/models/payments/pages/purchase-pause.server";

export const handle = { i18n: ["common", "account", "directdebit", "payments"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  await assertMayBuy(member.id);
  const page = await directDebitPage(db(), { tenant, member, country: buyerCountry(context, tenant) }, new URL(request.url).searchParams);
  if (page.step === "verified") throw redirect(`/transactions/${page.orderId}`);
  const t = await getFixedT(context.language, "directdebit");
  const { amountCents, listCents, currency } = page.purchase;
  return {
    ...page,
    price: formatMoney(amountCents, currency, context.language),
    listPrice: formatMoney(listCents, currency, context.language),
    creditor: tenant.company.name,
    minutes: CODE_LIFETIME_MS / 60_000,
    title: `${t("title")} | ${tenant.name}`,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  await assertMayBuy(member.id);
  const buyer = { tenant, member, country: buyerCountry(context, tenant), language: context.language, clientIp: context.clientIp };
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "mandate") {
    const outcome = await submitMandate(db(), buyer, form);
    if (!outcome.ok) return data({ intent, result: outcome.reply, attemptsLeft: undefined }, { status: 400 });
    return redirect(`/directdebit?request=${outcome.value}`, 303);
  }
  if (intent === "verify") {
    const outcome = await submitCode(db(), buyer, form);
    if (!outcome.ok) return data({ intent, result: outcome.reply, attemptsLeft: outcome.attemptsLeft }, { status: 400 });
    return redirect(`/transactions/${outcome.value}`, 303);
  }
  if (intent === "resend") {
    const outcome = await submitResend(db(), buyer, form);
    if (!outcome.ok) return data({ intent, result: outcome.reply, attemptsLeft: undefined }, { status: 400 });
    return "orderId" in outcome.value ? redirect(`/transactions/${outcome.value.orderId}`, 303) : redirect(`/directdebit?request=${outcome.value.requestId}`, 303);
  }
  throw data(null, { status: 400 });
}

// Failed, the page shows its own error page: with the error page's title.
export const meta: MetaFunction<typeof loader> = (args) => (args.data ? [{ title: args.data.title }] : errorPageMeta(args));

/** Direct debit (docs/product/payments.md#direct-debit): the mandate form, then the code sent by SMS. */
export default function DirectDebitPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("directdebit");
  const { purchase } = page;
  return (
    <main className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <section className="rounded-2xl bg-white p-5 shadow-sm" data-testid="dd-purchase">
        <h2 className="text-sm font-semibold uppercase text-gray-500">{t(purchase.kind === "premium" ? "summary.premium" : "summary.bundle")}</h2>
        <p className="mt-1 text-2xl font-extrabold">{t("summary.credits", { count: purchase.credits })}</p>
        {purchase.bonusCredits > 0 ? <p className="text-sm font-semibold text-success">{t("summary.bonus", { count: purchase.bonusCredits })}</p> : null}
        <p className="mt-2">
          {purchase.discountPercent > 0 ? <del className="mr-2 text-gray-400">{page.listPrice}</del> : null}
          <span className="text-xl font-bold" data-testid="dd-price" data-cents={purchase.amountCents}>
            {page.price}
          </span>
          {purchase.discountPercent > 0 ? <span className="ml-2 text-sm text-success">{t("summary.discount", { percent: purchase.discountPercent })}</span> : null}
        </p>
      </section>
      {page.step === "mandate" ? (
        <>
          {page.codeError ? <Alert tone="warning" testId="dd-code-error">{t(`payments:discount.errors.${page.codeError}`)}</Alert> : null}
          {page.heldBack ? (
            <Alert tone="info" testId="dd-held-back">
              {page.heldBack.reason === "tooNew" ? t("heldBack.tooNew", { count: page.heldBack.hours }) : t("heldBack.unconfirmed")}
            </Alert>
          ) : page.limitReached ? (
            <Alert tone="danger" testId="dd-limit">
              {t("errors.limit")}
            </Alert>
          ) : (
            <MandateForm
              key={`${purchase.productId}:${page.code ?? ""}`}
              lastResult={actionData?.intent === "mandate" ? actionData.result : undefined}
              product={purchase.productId}
              code={page.code}
              consent={t("form.consent", { creditor: page.creditor, amount: page.price })}
            />
          )}
        </>
      ) : (
        <CodeStep
          key={page.requestId}
          requestId={page.requestId}
          phone={page.phone}
          minutes={page.minutes}
          state={page.state}
          productId={purchase.productId}
          lastResult={actionData?.intent === "verify" || actionData?.intent === "resend" ? actionData.result : undefined}
          attemptsLeft={actionData?.attemptsLeft}
        />
      )}
      <p className="text-center text-sm">
        <AppLink to="/credits" className="text-primary underline">
          {t("otherMethod")}
        </AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
