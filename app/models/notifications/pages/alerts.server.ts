import { dismissedAlertsCookie } from "~/web/cookies.server";

/**
 * Every dismissable alert. timeBonus is the time-bonus popup (docs/product/payments.md#time-bonus) and welcomeBonus the
 * welcome bonus banner; the popup's "not shown again" holds because ALERT_QUIET_MS outlasts the
 * 4-hour time bonus.
 */
export const ALERTS = ["unconfirmed", "noPhoto", "push", "notificationsDisabled", "timeBonus", "welcomeBonus"] as const;
export type AlertName = (typeof ALERTS)[number];

/** A dismissed alert stays away this long, then reminds again. */
export const ALERT_QUIET_MS = 24 * 60 * 60 * 1000;

export type DismissedAlerts = Partial<Record<AlertName, number>>;

export async function dismissedAlerts(request: Request): Promise<DismissedAlerts> {
  const value = (await dismissedAlertsCookie.parse(request.headers.get("cookie"))) as unknown;
  return value && typeof value === "object" ? (value as DismissedAlerts) : {};
}

export function isQuiet(dismissed: DismissedAlerts, alert: AlertName, now = Date.now()): boolean {
  const at = dismissed[alert];
  return typeof at === "number" && now - at < ALERT_QUIET_MS;
}

export function isAlertName(value: unknown): value is AlertName {
  return typeof value === "string" && (ALERTS as readonly string[]).includes(value);
}
