import type { Member } from "../../../db/schema";

/**
 * Whether a profile is listed (found in search, shown to others): the one rule every writer of
 * `profiles.listed` uses. Active and unconfirmed members who are not invisible; never disabled,
 * deleting or deleted ones.
 */
export function isListed(status: Member["status"], invisible: boolean): boolean {
  return !invisible && (status === "active" || status === "not_confirmed");
}
