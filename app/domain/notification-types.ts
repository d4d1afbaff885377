/** The notification mails a member can turn on or off (spec section 9). */
export const NOTIFICATION_TYPES = [
  "new_conversations",
  "new_messages",
  "like_received",
  "unread_reminder",
  "promotions",
  "new_members_weekly",
  "news",
  "reminders",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Why the system may stop every notification mail of a member (spec section 4). */
export const SYSTEM_DISABLE_REASONS = ["fbl", "bounce", "listunsubscribe"] as const;
export type SystemDisableReason = (typeof SYSTEM_DISABLE_REASONS)[number];

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === "string" && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}
