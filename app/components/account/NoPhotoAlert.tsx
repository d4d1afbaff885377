import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { DismissableAlert } from "./DismissableAlert";

/** The no-photo alert (docs/product/notifications.md#alerts): the member has no profile photo yet. */
export function NoPhotoAlert() {
  const { t } = useTranslation("account");
  return (
    <DismissableAlert
      alert="noPhoto"
      tone="info"
      testId="no-photo-alert"
      title={t("noPhoto.title")}
      body={t("noPhoto.body")}
      actions={
        <AppLink to="/profile#photos" className="btn-outline px-3 py-1">
          {t("noPhoto.add")}
        </AppLink>
      }
    />
  );
}
