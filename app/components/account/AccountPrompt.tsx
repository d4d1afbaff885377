import { useLocation } from "@remix-run/react";
import { nextPrompt, type PromptName } from "~/models/notifications/alert-routes";
import type { LayoutBonus } from "~/web/layout-data.server";
import { TimeBonusBanner } from "~/components/payments/TimeBonusBanner";
import { WelcomeBanner } from "~/components/payments/WelcomeBanner";
import { MailsStoppedAlert } from "./MailsStoppedAlert";
import { NoPhotoAlert } from "./NoPhotoAlert";
import { PushAlert } from "./PushAlert";
import { UnconfirmedReminder } from "./UnconfirmedReminder";

export interface DueAlerts {
  unconfirmed: boolean;
  notificationsDisabled: boolean;
  noPhoto: boolean;
  push: boolean;
}

/**
 * The one account prompt this page shows (docs/product/notifications.md#one-prompt-at-a-time): of those due, the
 * first in priority that is not in the way on this page, or null. Chosen against the current
 * location, as the member moves between pages.
 */
export function useAccountPrompt(alerts: DueAlerts, bonus: LayoutBonus | null): PromptName | null {
  const { pathname } = useLocation();
  const banner = bonus?.banner ? bonus.kind : null;
  return nextPrompt({ ...alerts, timeBonus: banner === "time_bonus", welcome: banner === "welcome" }, pathname);
}

export function AccountPrompt({ prompt, bonus, email }: { prompt: PromptName; bonus: LayoutBonus | null; email: string }) {
  switch (prompt) {
    case "unconfirmed":
      return <UnconfirmedReminder email={email} />;
    case "notificationsDisabled":
      return <MailsStoppedAlert />;
    case "timeBonus":
      return bonus ? <TimeBonusBanner offer={bonus} /> : null;
    case "noPhoto":
      return <NoPhotoAlert />;
    case "welcome":
      return bonus ? <WelcomeBanner offer={bonus} /> : null;
    case "push":
      return <PushAlert />;
  }
}
