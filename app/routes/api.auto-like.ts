import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { autoLike } from "~/models/likes/auto-like.server";
import { requireMember } from "~/web/require-member.server";
import { defaultFilters, searchRules } from "~/models/search/pages/search-page.server";
import { storage } from "~/services/storage/storage.server";

/**
 * A profile that liked the member, with its photo and match path (docs/product/likes.md#auto-like). A
 * POST, because it may create a fictional like: a GET would be called again by every revalidation.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const lookingFor = (await defaultFilters(db(), member.id, searchRules(tenant))).gender;
  return { profile: await autoLike(db(), storage(), { tenant, memberId: member.id, lookingFor }) };
}
