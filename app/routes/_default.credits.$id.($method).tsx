import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { AppLink } from "~/components/ui/AppLink";
import { Icon } from "~/components/ui/Icon";
import { useTranslation } from "react-i18next";
import { DiscountNotice } from "~/components/payments/DiscountNotice";
import { PaymentConfirm } from "~/components/payments/PaymentConfirm";
import { checkoutPage, methodParam, payFromForm } from "~/models/payments/pages/checkout-page.server";
import { productFromId } from "~/models/payments/order-pricing";
import { requireMember } from "~/web/require-member.server";
import { getFixedT } from "~/i18n/i18next.server";
import { writtenDiscount } from "~/models/payments/pages/price-texts.server";

export const handle = { i18n: ["common", "payments"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const page = await checkoutPage(request, context, { tenant, member, id: params.id ?? "", method: params.method });
  const t = await getFixedT(context.language, "payments");
  const discount = page.discount && writtenDiscount(page.discount, page.currency, context.language, tenant.timezone);
  return { ...page, discount, title: `${t("checkout.title")} | ${tenant.name}` };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const result = await payFromForm(request, context, { tenant, member, product: productFromId(params.id ?? ""), method: methodParam(params.method) });
  return result instanceof Response ? result : data(result, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Payment method choice (docs/product/payments.md#checkout); a chosen method opens the payment confirm modal. */
export default function ChooseMethod() {
  const { offer, currency, methods, method, issuers, code, codeError, discount } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const { t } = useTranslation("payments");
  const query = code ? `?code=${encodeURIComponent(code)}` : "";
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <AppLink to={`/credits${query}`} className="text-sm font-semibold text-primary">
        <Icon icon={ArrowLeft} /> {t("checkout.back")}
      </AppLink>
      <h1 className="mt-2 text-3xl font-bold">{t("checkout.title")}</h1>
      <p className="mt-2 text-gray-700" data-testid="checkout-product">
        {t("checkout.product", { count: offer.credits + offer.bonusCredits })}
      </p>
      {discount ? <div className="mt-3"><DiscountNotice discount={discount} /></div> : null}
      {codeError ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger" data-testid="discount-error">
          {t(`discount.errors.${codeError}`)}
        </p>
      ) : null}
      <ul className="mt-6 grid gap-3 sm:grid-cols-2" data-testid="methods">
        {methods.map((candidate) => (
          <li key={candidate}>
            <AppLink
              to={`/credits/${offer.id}/${candidate}${query}`}
              className={`block rounded-xl border bg-white p-4 font-semibold shadow-sm hover:border-primary ${candidate === method ? "border-primary ring-2 ring-primary" : "border-gray-200"}`}
              data-testid={`method-${candidate}`}
            >
              {t(`methods.${candidate}`)}
            </AppLink>
          </li>
        ))}
      </ul>
      {method ? (
        <PaymentConfirm
          key={method}
          offer={offer}
          currency={currency}
          method={method}
          issuers={issuers}
          code={code}
          error={failure?.error ?? null}
          cancelTo={`/credits/${offer.id}${query}`}
        />
      ) : null}
    </main>
  );
}
