import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { confirmEmailChange } from "~/models/accounts/account-settings.server";
import { setFlash } from "~/web/flash.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common", "account", "settings"] };

/**
 * The link in the change-e-mail mail: moves the account to the confirmed new address once.
 * Members land on their settings; someone logged out (another browser) on the login page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await confirmEmailChange(db(), tenant, token);
  if (outcome.ok) {
    const to = context.member?.id === outcome.memberId ? "/settings" : "/login";
    throw redirect(to, { headers: { "Set-Cookie": await setFlash({ tone: "success", key: "settings:email.changed" }) } });
  }
  const t = await getFixedT(context.language, "settings");
  return { title: `${t("email.title")} | ${tenant.name}`, reason: outcome.reason };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default function MailChangeFailed() {
  const { reason } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["settings", "account"]);
  return (
    <main className="mx-auto max-w-xl px-4 py-12" data-testid="mail-change-failed">
      <h1 className="text-3xl font-bold">{t("email.title")}</h1>
      <div className="mt-4">
        <Alert tone="danger">{reason === "emailTaken" ? t("email.taken") : t("account:reset.invalidLink")}</Alert>
      </div>
      <Link to="/settings#email" className="btn-primary mt-6">
        {t("email.tryAgain")}
      </Link>
    </main>
  );
}
