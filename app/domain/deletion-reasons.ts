/** Why a member deletes the account (docs/product/accounts.md#account-deletion). */
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

/** Days a deletion can be undone before the account is purged (docs/product/accounts.md#grace-period). */
export const DELETION_GRACE_DAYS = 14;
