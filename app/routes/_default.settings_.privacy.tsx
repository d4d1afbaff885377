import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsFrame, SettingsSection } from "~/components/settings/SettingsFrame";
import { Alert, Field, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { checkCurrentPassword } from "~/models/accounts/account-settings.server";
import { latestDataExport, requestDataExport } from "~/models/accounts/data-export.server";
import { profileOf, withdrawSexualityConsent } from "~/models/profiles/profile-update.server";
import { setFlash } from "~/web/flash.server";
import { requireMember } from "~/web/require-member.server";
import { tooManyInit, waitMinutes } from "~/web/too-many.server";
import { dateTimeFormat } from "~/utils/intl-formats";

export const handle = { i18n: ["common", "account", "settings"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const t = await getFixedT(context.language, "security");
  const [latest, profile] = await Promise.all([latestDataExport(db(), member.id), profileOf(db(), member.id)]);
  return {
    sexualityConsentAt: profile?.sexualityConsentAt?.toISOString() ?? null,
    title: `${t("dataExport.title")} | ${tenant.name}`,
    timeZone: tenant.timezone,
    latest: latest ? { createdAt: latest.createdAt.toISOString(), readyAt: latest.readyAt?.toISOString() ?? null, expiresAt: latest.expiresAt?.toISOString() ?? null } : null,
  };
}

/** "Download my data": confirmed with the password; a job prepares the ZIP and mails its link. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const form = await request.formData();
  if (form.get("intent") === "withdraw-sexuality-consent") {
    await withdrawSexualityConsent(db(), member.id);
    return redirect("/settings/privacy", { headers: { "Set-Cookie": await setFlash({ tone: "success", key: "security:sexualityConsent.withdrawn" }) } });
  }
  const password = String(form.get("password") ?? "");
  const check = await checkCurrentPassword(db(), tenant, member.id, password, context.clientIp);
  if (!check.ok) {
    const key = check.reason === "blocked" ? "account:login.blocked" : "settings:wrongPassword";
    return data({ error: key, minutes: check.reason === "blocked" ? check.minutes : undefined }, { status: 400 });
  }
  const asked = await requestDataExport(db(), member.id, member.siteId);
  if (!asked.ok && asked.reason === "tooMany") {
    return data({ error: "security:tooMany", minutes: waitMinutes(asked.retryAfterSeconds ?? 60) }, tooManyInit(asked.retryAfterSeconds ?? 60));
  }
  return redirect("/settings/privacy", { headers: { "Set-Cookie": await setFlash({ tone: "success", key: "security:dataExport.requested" }) } });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Settings: a copy of everything stored about the member (GDPR), as a ZIP sent by mail. */
export default function PrivacySettingsPage() {
  const { latest, timeZone, sexualityConsentAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("security");
  const busy = useNavigation().state !== "idle";
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone });
  return (
    <SettingsFrame>
      <SettingsSection title={t("dataExport.title")} testId="data-export">
        <p className="text-sm text-gray-600">{t("dataExport.intro")}</p>
        {latest ? (
          <p className="mt-3 text-sm" data-testid="data-export-state">
            {latest.readyAt && latest.expiresAt
              ? t("dataExport.ready", { date: date.format(new Date(latest.readyAt)), expires: date.format(new Date(latest.expiresAt)) })
              : t("dataExport.pending", { date: date.format(new Date(latest.createdAt)) })}
          </p>
        ) : null}
        <Form method="post" className="mt-4 space-y-4" data-testid="data-export-form">
          {actionData?.error ? (
            <Alert tone="danger" testId="data-export-error">
              {t(actionData.error, { minutes: actionData.minutes })}
            </Alert>
          ) : null}
          <Field label={t("settings:currentPassword")} htmlFor="export-password">
            <input id="export-password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
          </Field>
          <button type="submit" className="btn-primary" disabled={busy} data-testid="data-export-submit">
            {t("dataExport.submit")}
          </button>
        </Form>
      </SettingsSection>
      <SettingsSection title={t("sexualityConsent.title")} testId="sexuality-consent-settings">
        {sexualityConsentAt ? (
          <>
            <p className="text-sm" data-testid="sexuality-consent-given">
              {t("sexualityConsent.given", { date: date.format(new Date(sexualityConsentAt)) })}
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="withdraw-sexuality-consent" />
              <button type="submit" className="btn-outline" disabled={busy} data-testid="sexuality-consent-withdraw">
                {t("sexualityConsent.withdraw")}
              </button>
            </Form>
          </>
        ) : (
          <p className="text-sm text-gray-600">{t("sexualityConsent.none")}</p>
        )}
      </SettingsSection>
    </SettingsFrame>
  );
}
