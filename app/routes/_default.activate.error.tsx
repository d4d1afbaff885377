import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { getFixedT } from "~/i18n/i18next.server";
import { SupportContact } from "~/components/account/SupportContact";
import { supportContact } from "~/models/site/company-info";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common", "account"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const t = await getFixedT(context.language, "account");
  return {
    title: `${t("activate.errorTitle")} | ${tenant.name}`,
    support: supportContact(tenant.company),
    unconfirmed: context.member?.status === "not_confirmed",
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** 'Activeren mislukt': an unknown, used or expired link, and how to get help. */
export default function ActivationError() {
  const { support, unconfirmed } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  return (
    <main className="mx-auto max-w-xl px-4 py-12" data-testid="activate-error">
      <h1 className="text-3xl font-bold text-danger">{t("activate.errorTitle")}</h1>
      <p className="mt-3 text-gray-700">{t("activate.errorBody")}</p>
      <SupportContact lead={t("activate.errorSupport")} support={support} />
      {unconfirmed ? (
        <p className="mt-6 text-sm text-gray-600">{t("activate.errorResend")}</p>
      ) : (
        <AppLink to="/login" className="btn-primary mt-6">
          {t("login.title")}
        </AppLink>
      )}
    </main>
  );
}
