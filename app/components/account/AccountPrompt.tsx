import { useLocation } from "@remix-run/react";
import { nextPrompt } from "~/models/notifications/alert-routes";
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
 * The one account prompt a page shows (docs/product/notifications.md#one-prompt-at-a-time): of those due, the first
 * in priority that is not in the way on this page. Chosen against the current location, as the
 * member moves between pages.
 */
export function AccountPrompt({ alerts, bonus, email }: { alerts: DueAlerts; bonus: LayoutBonus | null; email: string }) {
  const { pathname } = useLocation();
  const banner = bonus?.banner ? bonus : null;
  const prompt = nextPrompt({ ...alerts, timeBonus: banner?.kind === "time_bonus", welcome: banner?.kind === "welcome" }, pathname);
  switch (prompt) {
    case "unconfirmed":
      return <UnconfirmedReminder email={email} />;
    case "notificationsDisabled":
      return <MailsStoppedAlert />;
    case "timeBonus":
      return banner ? <TimeBonusBanner offer={banner} /> : null;
    case "noPhoto":
      return <NoPhotoAlert />;
    case "welcome":
      return banner ? <WelcomeBanner offer={banner} /> : null;
    case "push":
      return <PushAlert />;
    default:
      return null;
  }
}
