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
      actions={
        <AppLink to="/profile#photos" className="btn-outline px-3 py-1">
          {t("noPhoto.add")}
        </AppLink>
      }
    >
      <p className="font-semibold">{t("noPhoto.title")}</p>
      <p className="mt-1">{t("noPhoto.body")}</p>
    </DismissableAlert>
  );
}
