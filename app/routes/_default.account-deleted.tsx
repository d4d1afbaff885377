import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getFixedT } from "~/i18n/i18next.server";
import { SupportContact } from "~/components/account/SupportContact";
import { supportContact } from "~/models/site/company-info";
import { DELETION_GRACE_DAYS } from "~/domain/deletion-reasons";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common", "account", "settings"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  if (context.member) throw redirect("/");
  const t = await getFixedT(context.language, "settings");
  return {
    title: `${t("deleted.title")} | ${tenant.name}`,
    support: supportContact(tenant.company),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** Where a deletion ends: what happens now, and the way back within the grace period. */
export default function AccountDeleted() {
  const { support } = useLoaderData<typeof loader>();
  const { t } = useTranslation("settings");
  return (
    <main className="mx-auto max-w-xl px-4 py-12" data-testid="account-deleted">
      <h1 className="text-3xl font-bold">{t("deleted.title")}</h1>
      <p className="mt-3 text-gray-700">{t("deleted.body", { days: DELETION_GRACE_DAYS })}</p>
      <p className="mt-3 text-gray-700">{t("deleted.reactivate", { days: DELETION_GRACE_DAYS })}</p>
      <SupportContact lead={t("deleted.support")} support={support} />
    </main>
  );
}
