/**
 * Why moderators turn a photo or text down, and why members report a profile
 * (docs/product/moderation.md#reasons). Each has a text in the `moderation` catalogue in every
 * language: the member is told the reason in theirs.
 */
export const PHOTO_REJECT_REASONS = ["nudity", "not_a_person", "someone_else", "contact_details", "underage", "quality", "duplicate"] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];

/** The reasons a moderator picks by key: 1 to 6 in the queue ('duplicate' is the automatic check's). */
export const PHOTO_REASON_KEYS: readonly PhotoRejectReason[] = PHOTO_REJECT_REASONS.filter((reason) => reason !== "duplicate");

export const TEXT_REJECT_REASONS = ["contact_details", "offensive", "commercial", "not_allowed"] as const;
export type TextRejectReason = (typeof TEXT_REJECT_REASONS)[number];

export const REPORT_REASONS = ["fake", "scam", "harassment", "offensive_photos", "underage", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a moderator may tell a member in a warning. */
export const WARNING_REASONS = ["behaviour", "harassment", "spam", "contact_details"] as const;
export type WarningReason = (typeof WARNING_REASONS)[number];

export const BAN_REASONS = ["fraud", "harassment", "underage", "spam", "fake_profile", "payment_abuse"] as const;
export type BanReason = (typeof BAN_REASONS)[number];

export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}
