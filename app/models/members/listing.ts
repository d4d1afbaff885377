import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { profiles, type Member } from "../../../db/schema";

/**
 * Whether a profile is listed (found in search, shown to others): the one rule every writer of
 * `profiles.listed` uses. Only active members who are not invisible: an unconfirmed member cannot
 * be written to, so nobody is shown them until they confirm (docs/product/accounts.md#e-mail-confirmation);
 * never disabled, deleting or deleted ones.
 */
export function isListed(status: Member["status"], invisible: boolean): boolean {
  return !invisible && status === "active";
}

/**
 * Whether a profile is shown on this brand: every profile is, except a fictional one whose
 * brand list leaves this brand out (docs/product/staff.md#fictional-profiles).
 */
export function shownOnBrand(siteId: string | Placeholder): SQL {
  return sql`(${profiles.shownOn} is null or ${siteId} = any(${profiles.shownOn}))`;
}
