import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { autoLike } from "~/models/auto-like.server";
import { requireMember } from "~/models/require-member.server";
import { defaultFilters, searchRules } from "~/models/search-page.server";
import { storage } from "~/services/storage/storage.server";

/** GET: a profile that liked the member, with its photo and match path (spec section 7, auto-like). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const lookingFor = (await defaultFilters(db(), member.id, searchRules(tenant))).gender;
  return { profile: await autoLike(db(), storage(), { tenant, memberId: member.id, lookingFor }) };
}
