import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DismissableAlert } from "./DismissableAlert";

/** Spec section 4, no-photo alert: the member has no profile photo yet. */
export function NoPhotoAlert() {
  const { t } = useTranslation("account");
  return (
    <DismissableAlert
      alert="noPhoto"
      tone="info"
      testId="no-photo-alert"
      actions={
        <Link to="/profile#photos" className="btn-outline px-3 py-1">
          {t("noPhoto.add")}
        </Link>
      }
    >
      <p className="font-semibold">{t("noPhoto.title")}</p>
      <p className="mt-1">{t("noPhoto.body")}</p>
    </DismissableAlert>
  );
}
