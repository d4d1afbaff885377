import { sql } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { members } from "../../../../db/schema";
import type { CurrentMember } from "~/models/members/current-member";

/**
 * Every account prompt a member can put away (docs/product/notifications.md#alerts). timeBonus is
 * the time-bonus popup (docs/product/payments.md#time-bonus), timeBonusBanner its banner and
 * welcomeBonus the welcome bonus banner; the popup's "not shown again" holds because PROMPT_SNOOZE_MS outlasts the 4-hour time bonus.
 */
export const ALERTS = ["unconfirmed", "noPhoto", "push", "notificationsDisabled", "timeBonus", "timeBonusBanner", "welcomeBonus"] as const;
export type AlertName = (typeof ALERTS)[number];

/** "Later" keeps a prompt away this long, on every page and device of the member, then it reminds again. */
export const PROMPT_SNOOZE_MS = 3 * 24 * 60 * 60 * 1000;

/** When the member put each prompt away, ms since the epoch. */
export type DismissedAlerts = Partial<Record<AlertName, number>>;

export function dismissedAlerts(member: Pick<CurrentMember, "promptsSnoozed"> | null): DismissedAlerts {
  return member?.promptsSnoozed ?? {};
}

export function isQuiet(dismissed: DismissedAlerts, alert: AlertName, now = Date.now()): boolean {
  const at = dismissed[alert];
  return typeof at === "number" && now - at < PROMPT_SNOOZE_MS;
}

export function isAlertName(value: unknown): value is AlertName {
  return typeof value === "string" && (ALERTS as readonly string[]).includes(value);
}

/** Stores that the member put a prompt away now: it stays away for PROMPT_SNOOZE_MS, wherever they log in. */
export async function snoozePrompt(db: Database, memberId: number, alert: AlertName, now = Date.now()): Promise<void> {
  await db
    .update(members)
    .set({ promptsSnoozed: sql`${members.promptsSnoozed} || jsonb_build_object(${alert}::text, ${now}::bigint)` })
    .where(sql`${members.id} = ${memberId}`);
}
