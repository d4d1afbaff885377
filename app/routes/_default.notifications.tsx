import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { PushOptIn } from "~/components/account/PushOptIn";
import { SettingsFrame, SettingsSection } from "~/components/settings/SettingsFrame";
import { Alert } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { mailFrom } from "~/mail/render-mail.server";
import { accountSettings, reenableNotifications, saveNotificationTypes } from "~/models/accounts/account-settings.server";
import { setFlash } from "~/web/flash.server";
import { NOTIFICATION_TYPES, isNotificationType } from "~/domain/notification-types";
import { requireMember } from "~/web/require-member.server";

export const handle = { i18n: ["common", "account", "settings"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const settings = await accountSettings(db(), member.id);
  const t = await getFixedT(context.language, "settings");
  return {
    title: `${t("tabs.notifications")} · ${t("title")} | ${tenant.name}`,
    email: settings.email,
    from: mailFrom(tenant),
    enabled: NOTIFICATION_TYPES.filter((type) => !settings.mailOptOuts.includes(type)),
    stoppedBecause: settings.notificationsDisabled,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireMember(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "types") {
    await saveNotificationTypes(db(), member.id, form.getAll("type").filter(isNotificationType));
  } else if (intent === "reenable") {
    await reenableNotifications(db(), member.id);
  } else {
    throw data(null, { status: 400 });
  }
  return redirect("/notifications", { headers: { "Set-Cookie": await setFlash({ tone: "success", key: "settings:saved" }) } });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** /notifications (docs/product/notifications.md#notification-settings): the notification types, the e-mail source, and the way to delete the account. */
export default function NotificationsPage() {
  const { email, from, enabled, stoppedBecause } = useLoaderData<typeof loader>();
  const { t } = useTranslation("settings");
  const busy = useNavigation().state !== "idle";
  return (
    <SettingsFrame>
      {stoppedBecause.length > 0 ? (
        <Alert tone="warning" testId="mails-stopped">
          <p className="font-semibold">{t("notifications.stoppedTitle")}</p>
          {stoppedBecause.map((reason) => (
            <p key={reason} className="mt-1">
              {t(`notifications.stopped.${reason}`, { defaultValue: t("notifications.stopped.other") })}
            </p>
          ))}
          <Form method="post" className="mt-2">
            <button type="submit" name="intent" value="reenable" className="btn-primary px-3 py-1" disabled={busy} data-testid="reenable-mails">
              {t("notifications.reenable")}
            </button>
          </Form>
        </Alert>
      ) : null}

      <SettingsSection title={t("notifications.title")} id="mail-types">
        <p className="text-sm text-gray-600">{t("notifications.intro")}</p>
        <Form method="post" className="mt-4 space-y-3" data-testid="notification-types">
          {NOTIFICATION_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-3">
              <input type="checkbox" name="type" value={type} defaultChecked={enabled.includes(type)} className="mt-1 h-4 w-4 accent-primary" />
              <span>
                <span className="font-medium">{t(`notifications.types.${type}.label`)}</span>
                <span className="block text-sm text-gray-500">{t(`notifications.types.${type}.hint`)}</span>
              </span>
            </label>
          ))}
          <button type="submit" name="intent" value="types" className="btn-primary" disabled={busy} data-testid="save-types">
            {t("save")}
          </button>
        </Form>
      </SettingsSection>

      <SettingsSection title={t("notifications.sourceTitle")} id="mail-source">
        <p className="text-sm text-gray-700">{t("notifications.sourceFrom", { from })}</p>
        <p className="mt-2 text-sm text-gray-700">
          {t("notifications.sourceTo", { email })}{" "}
          <AppLink to="/settings#email" className="text-primary underline">
            {t("notifications.changeEmail")}
          </AppLink>
        </p>
      </SettingsSection>

      <SettingsSection title={t("notifications.pushTitle")} id="push">
        <PushOptIn />
      </SettingsSection>

      <SettingsSection title={t("delete.title")} id="delete">
        <p className="text-sm text-gray-700">{t("delete.teaser")}</p>
        <AppLink to="/settings/delete" className="btn-outline mt-3" data-testid="delete-account-link">
          {t("delete.start")}
        </AppLink>
      </SettingsSection>
    </SettingsFrame>
  );
}
