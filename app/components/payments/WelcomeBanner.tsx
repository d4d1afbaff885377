import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { DismissableAlert } from "~/components/account/DismissableAlert";
import { roughlyIn } from "./time-bonus-clock";
import { relativeTimeFormat } from "~/utils/intl-formats";

/**
 * docs/product/payments.md#welcome-bonus: a new member who has not paid gets 25% off the first purchase for a
 * limited time; this banner says so and leads to the credits page. It can be put away for a day.
 */
export function WelcomeBanner({ offer }: { offer: { percent: number; endsInMs: number } }) {
  const { t, i18n } = useTranslation("bonus");
  const { value, unit } = roughlyIn(offer.endsInMs);
  // Worked out from the server's measure alone, so the page and its script say the same.
  const when = relativeTimeFormat(i18n.language, { numeric: "always" }).format(value, unit);
  return (
    <DismissableAlert
      alert="welcomeBonus"
      tone="info"
      testId="welcome-banner"
      title={t("welcome.title", { percent: offer.percent })}
      body={t("welcome.body", { percent: offer.percent, when })}
      actions={
        <AppLink to="/credits" className="btn-primary px-3 py-1" data-testid="welcome-banner-link">
          {t("welcome.action")}
        </AppLink>
      }
    />
  );
}
