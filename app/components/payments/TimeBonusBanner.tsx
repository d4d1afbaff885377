import { AppLink } from "~/components/ui/AppLink";
import { LaterButton, useLater } from "~/components/account/DismissableAlert";
import { useTranslation } from "react-i18next";
import { TimeBonusCountdown, useCountdown } from "./TimeBonusCountdown";

export interface TimeBonusOffer {
  code: string;
  percent: number;
  endsInMs: number;
}

/** The link that takes the offer: the credits page with the code filled in. */
export function timeBonusHref(code: string): string {
  return `/credits?code=${encodeURIComponent(code)}`;
}

/**
 * The time bonus (docs/product/payments.md#time-bonus): while it applies the member sees the 25% with its code and the
 * time left, ticking every second; it goes at zero.
 */
export function TimeBonusBanner({ offer }: { offer: TimeBonusOffer }) {
  const { t } = useTranslation("bonus");
  const remaining = useCountdown(offer.endsInMs);
  const later = useLater();
  if (remaining <= 0 || later.done) return null;
  return (
    <section
      aria-labelledby="time-bonus-banner-title"
      className="flex flex-wrap items-center gap-x-4 gap-y-1.5 rounded-lg border border-primary/30 bg-primary/10 px-3 py-2 text-sm text-gray-900"
      data-testid="time-bonus-banner"
    >
      <div className="min-w-0 flex-1">
        <p id="time-bonus-banner-title" className="font-semibold text-secondary">
          {t("timeBonus.bannerTitle", { percent: offer.percent })}
        </p>
        {/* On a phone the title, the clock and the button say enough: the prompt stays one compact bar. */}
        <p className="mt-0.5 max-md:hidden">{t("timeBonus.bannerBody", { percent: offer.percent, code: offer.code })}</p>
      </div>
      <p className="flex items-center gap-2">
        <span>{t("timeBonus.endsIn")}</span>
        <TimeBonusCountdown remainingMs={remaining} className="text-lg text-primary" />
      </p>
      <AppLink to={timeBonusHref(offer.code)} className="btn-primary px-4 py-1.5" data-testid="time-bonus-banner-link">
        {t("timeBonus.bannerAction")}
      </AppLink>
      <LaterButton later={later} alert="timeBonusBanner" testId="time-bonus-banner-dismiss" />
    </section>
  );
}
