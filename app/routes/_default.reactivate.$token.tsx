import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { reactivateAccount } from "~/models/accounts/account-deletion.server";
import { SupportContact } from "~/components/account/SupportContact";
import { supportContact } from "~/models/site/company-info";
import { setFlash } from "~/web/flash.server";
import { startSession } from "~/models/accounts/sessions.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common", "account", "settings"] };

/** The link in the deletion mail: undoes the deletion once, within the grace period, and logs in. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const memberId = await reactivateAccount(db(), tenant, params.token ?? "");
  if (memberId !== null) {
    const headers = new Headers();
    headers.append("Set-Cookie", await startSession(db(), { memberId, siteId: tenant.id, userAgent: request.headers.get("user-agent") }));
    headers.append("Set-Cookie", await setFlash({ tone: "success", key: "settings:reactivated" }));
    throw redirect("/", { headers });
  }
  const t = await getFixedT(context.language, "settings");
  return {
    title: `${t("reactivateFailed.title")} | ${tenant.name}`,
    support: supportContact(tenant.company),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default function ReactivationFailed() {
  const { support } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["settings", "account"]);
  return (
    <main className="mx-auto max-w-xl px-4 py-12" data-testid="reactivate-failed">
      <h1 className="text-3xl font-bold text-danger">{t("reactivateFailed.title")}</h1>
      <div className="mt-4">
        <Alert tone="danger">{t("account:reset.invalidLink")}</Alert>
      </div>
      <SupportContact lead={t("reactivateFailed.body")} support={support} />
      <AppLink to="/login" className="btn-primary mt-6">
        {t("account:login.title")}
      </AppLink>
    </main>
  );
}
