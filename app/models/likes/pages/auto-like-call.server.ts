import { db } from "~/db.server";
import type { CurrentMember } from "~/models/members/current-member";
import { autoLike, type AutoLike } from "~/models/likes/auto-like.server";
import { defaultFilters, searchRules } from "~/models/search/pages/search-page.server";
import { storage } from "~/services/storage/storage.server";
import type { Tenant } from "~/tenancy/schema";

/**
 * The auto-like call for the member (docs/product/likes.md#auto-like), with the gender the member's
 * search shows: for POST /api/auto-like and GET /api/auto-like.php.
 */
export async function memberAutoLike(tenant: Tenant, member: CurrentMember): Promise<AutoLike | null> {
  const lookingFor = (await defaultFilters(db(), member.id, searchRules(tenant))).gender;
  return autoLike(db(), storage(), { tenant, memberId: member.id, lookingFor });
}
