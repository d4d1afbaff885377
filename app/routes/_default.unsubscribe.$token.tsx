import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { disableNotifications } from "~/models/accounts/account-settings.server";
import { memberOfUnsubscribeToken } from "~/models/notifications/notification-mail.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

export const handle = { i18n: ["common", "account", "settings"] };

export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const t = await getFixedT(context.language, "settings");
  const valid = memberOfUnsubscribeToken(params.token ?? "", tenant.id) !== null;
  return data({ title: `${t("unsubscribe.title")} | ${tenant.name}`, valid }, { status: valid ? 200 : 404 });
}

/**
 * Stops every notification mail of the member ('listunsubscribe'). Also the target of the
 * one-click List-Unsubscribe-Post a mail client sends (RFC 8058), which carries no cookies:
 * the signed link is the proof.
 */
export async function action({ params, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const memberId = memberOfUnsubscribeToken(params.token ?? "", tenant.id);
  if (memberId === null) return data({ done: false }, { status: 404 });
  await disableNotifications(db(), memberId, tenant.id, "listunsubscribe");
  return { done: true };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function Unsubscribe() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["settings", "account"]);
  return (
    <main className="mx-auto max-w-xl px-4 py-12" data-testid="unsubscribe">
      <h1 className="text-3xl font-bold">{t("unsubscribe.title")}</h1>
      {!valid ? (
        <div className="mt-4">
          <Alert tone="danger">{t("account:reset.invalidLink")}</Alert>
        </div>
      ) : actionData?.done ? (
        <div className="mt-4 space-y-4">
          <Alert tone="success" testId="unsubscribed">
            {t("unsubscribe.done")}
          </Alert>
          <AppLink to="/notifications" className="btn-outline">
            {t("unsubscribe.manage")}
          </AppLink>
        </div>
      ) : (
        <>
          <p className="mt-3 text-gray-700">{t("unsubscribe.question")}</p>
          <Form method="post" className="mt-6">
            <SubmitButton className="btn-primary" data-testid="unsubscribe-confirm">
              {t("unsubscribe.confirm")}
            </SubmitButton>
          </Form>
        </>
      )}
    </main>
  );
}
