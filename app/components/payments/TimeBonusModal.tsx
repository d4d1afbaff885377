import { Form, useFetcher, useLocation } from "@remix-run/react";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/Icon";
import { Modal } from "~/components/ui/Modal";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTimeBonusDue } from "./MembersAreaTimer";
import { timeBonusHref, type TimeBonusOffer } from "./TimeBonusBanner";
import { TimeBonusCountdown, useCountdown } from "./TimeBonusCountdown";

const DISMISS_ACTION = "/api/alerts/dismiss";

/**
 * The time-bonus popup (docs/product/payments.md#time-bonus): rendered by a layout only when the member may get it (credits
 * at 0, the time bonus applies, not dismissed before); it opens once the member has been in the
 * members area for 40 s. Closing it in any way, or taking the offer, stores the dismissal: it
 * does not come back.
 */
export function TimeBonusModal({ offer }: { offer: TimeBonusOffer }) {
  const { t } = useTranslation("bonus");
  const due = useTimeBonusDue();
  const remaining = useCountdown(offer.endsInMs);
  const dismiss = useFetcher();
  const location = useLocation();
  const [closed, setClosed] = useState(false);
  const open = due && !closed && remaining > 0;

  const close = () => {
    setClosed(true);
    dismiss.submit({ alert: "timeBonus", redirectTo: `${location.pathname}${location.search}` }, { method: "post", action: DISMISS_ACTION });
  };
  if (!open) return null;
  return (
    <Modal labelledBy="time-bonus-title" describedBy="time-bonus-body" onClose={close} closeOnBackdrop testId="time-bonus-modal" className="relative max-w-md p-6 text-center">
      <button
        type="button"
        className="absolute right-3 top-3 flex h-8 w-8 items-center justify-center rounded-full text-xl leading-none text-gray-600 hover:bg-gray-100"
        aria-label={t("modal.closeLabel")}
        onClick={close}
        data-testid="time-bonus-close"
      >
        <Icon icon={X} />
      </button>
      <p className="text-5xl font-extrabold text-primary" aria-hidden="true">
        {t("modal.badge", { percent: offer.percent })}
      </p>
      <h2 id="time-bonus-title" className="mt-3 text-2xl font-bold">
        {t("modal.title", { percent: offer.percent })}
      </h2>
      <p id="time-bonus-body" className="mt-2 text-gray-700">
        {t("modal.body", { percent: offer.percent, code: offer.code })}
      </p>
      <p className="mt-4 text-sm text-gray-600">{t("timeBonus.endsIn")}</p>
      <TimeBonusCountdown remainingMs={remaining} testId="time-bonus-modal-countdown" className="text-3xl text-secondary" />
      {/* Taking the offer counts as seen too: the form stores that and goes on to the credits page. */}
      <Form method="post" action={DISMISS_ACTION} className="mt-6 flex flex-col gap-2">
        <input type="hidden" name="alert" value="timeBonus" />
        <input type="hidden" name="redirectTo" value={timeBonusHref(offer.code)} />
        <SubmitButton className="btn-primary" autoFocus data-autofocus data-testid="time-bonus-take">
          {t("modal.action", { percent: offer.percent })}
        </SubmitButton>
        <button type="button" className="btn-outline" onClick={close} data-testid="time-bonus-dismiss">
          {t("modal.later")}
        </button>
      </Form>
    </Modal>
  );
}
