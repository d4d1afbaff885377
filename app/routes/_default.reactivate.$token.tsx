import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { LinkContinue } from "~/components/account/LinkContinue";
import { Alert } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { storage } from "~/services/storage/storage.server";
import { reactivateAccount } from "~/models/accounts/account-deletion.server";
import { tokenHolder } from "~/models/accounts/email-tokens.server";
import { linkPage, linkPostRefused, loginFromLink } from "~/models/accounts/pages/link-login.server";
import { SupportContact } from "~/components/account/SupportContact";
import { supportContact } from "~/models/site/company-info";
import { setFlash } from "~/web/flash.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import type { Tenant } from "~/tenancy/schema";

export const handle = { i18n: ["common", "account", "settings", "security"] };

async function failed(context: AppLoadContext, tenant: Tenant) {
  const t = await getFixedT(context.language, "settings");
  return { link: null, title: `${t("reactivateFailed.title")} | ${tenant.name}`, support: supportContact(tenant.company) };
}

/** The link in the deletion mail: a page with one button (docs/product/accounts.md#links-that-log-in); opening it changes nothing. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const holder = await tokenHolder(db(), params.token ?? "", "reactivate", tenant.id);
  if (!holder) return failed(context, tenant);
  return { ...(await linkPage(context, tenant, "reactivate", holder.name)), support: null };
}

/**
 * The button: undoes the deletion once, within the grace period, and logs in a browser where
 * nobody is logged in (the code first under two-step login).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const refused = await linkPostRefused(tenant, context);
  if (refused) return refused;
  const memberId = await reactivateAccount(db(), storage(), tenant, params.token ?? "");
  if (memberId === null) return failed(context, tenant);
  throw await loginFromLink(tenant, request, context, memberId, "/", { cookies: [await setFlash({ tone: "success", key: "settings:reactivated" })] });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default function ReactivationLink() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation(["settings", "account"]);
  const support = answered && "support" in answered ? answered.support : loaded.support;
  if (loaded.link && !support) {
    const error = answered && "error" in answered ? { key: answered.error, minutes: answered.minutes } : null;
    return <LinkContinue kind={loaded.link.kind} name={loaded.link.name} error={error} />;
  }
  if (!support) return null;
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
