/** Why a member deletes the account (spec section 9). */
export const DELETION_REASONS = [
  "price",
  "found_someone",
  "not_looking",
  "site_problems",
  "no_members_nearby",
  "takes_too_much_time",
  "other",
] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];

/** Days a deletion can be undone before the account is purged (spec section 9). */
export const DELETION_GRACE_DAYS = 14;
