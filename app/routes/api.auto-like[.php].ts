import { memberAutoLike } from "~/models/likes/pages/auto-like-call.server";
import { answer, apiRoute, crossSiteGet, type ApiCall } from "~/web/api/answers.server";
import { AutoLikeAnswerSchema } from "~/web/api/schemas.server";
import { requireApiMember } from "~/web/require-member.server";

/**
 * A profile that liked the member, for the like modal (docs/product/likes.md#auto-like). A GET as the
 * spec's front end calls it, though it may create a fictional like: so never for another site's link,
 * and no HEAD (docs/product/api.md#head).
 */
async function autoLikeCall(call: ApiCall) {
  const { tenant, member } = requireApiMember(call.context);
  const refused = await crossSiteGet(call);
  if (refused) return refused;
  const profile = await memberAutoLike(tenant, member);
  return answer(AutoLikeAnswerSchema, { profile: profile && { id: profile.id, name: profile.name, main_image: { thumb_url: profile.photoUrl, match: profile.matchPath } } });
}

export const { loader, action } = apiRoute({ GET: autoLikeCall }, { getChangesData: true });
