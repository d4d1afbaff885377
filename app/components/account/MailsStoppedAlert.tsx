import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { DismissableAlert } from "./DismissableAlert";

/** The disabled-notifications alert (docs/product/notifications.md#mails-stopped-by-the-system): the system stopped the member's mails. */
export function MailsStoppedAlert() {
  const { t } = useTranslation("settings");
  return (
    <DismissableAlert
      alert="notificationsDisabled"
      tone="warning"
      testId="mails-stopped-alert"
      title={t("notifications.stoppedTitle")}
      body={t("notifications.stoppedAlert")}
      actions={
        <AppLink to="/notifications" className="btn-outline px-3 py-1">
          {t("notifications.reenable")}
        </AppLink>
      }
    />
  );
}
