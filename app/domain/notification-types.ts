/** The notification mails a member can turn on or off (docs/product/notifications.md#notification-types). */
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

/** Why the system may stop every notification mail of a member (docs/product/notifications.md#mails-stopped-by-the-system). */
export const SYSTEM_DISABLE_REASONS = ["fbl", "bounce", "listunsubscribe"] as const;
export type SystemDisableReason = (typeof SYSTEM_DISABLE_REASONS)[number];

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === "string" && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}
