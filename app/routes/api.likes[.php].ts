import { db } from "~/db.server";
import { likesList } from "~/models/likes/likes.server";
import { cardsAsShown } from "~/models/members/member-cards.server";
import { storage } from "~/services/storage/storage.server";
import { answer, apiRoute, type ApiCall } from "~/web/api/answers.server";
import { profileCard } from "~/web/api/cards.server";
import { LikesAnswerSchema } from "~/web/api/schemas.server";
import { requireApiMember } from "~/web/require-member.server";

/** Likes given and received as the /likes tabs list them (docs/product/likes.md#likes-tabs). */
async function likes({ context }: ApiCall) {
  const { tenant, member } = requireApiMember(context);
  const [given, received] = await Promise.all(
    (["given", "received"] as const).map(async (tab) => cardsAsShown(await likesList(db(), storage(), { memberId: member.id, pool: tenant.pool, tab }), tenant.settings.visible_profile_fields)),
  );
  return answer(LikesAnswerSchema, {
    profiles: given!.map((card) => ({ ...profileCard(card), match: card.matched })),
    liked_by: received!.map((card) => ({ ...profileCard(card), like_new: card.isNew, match: card.matched })),
  });
}

export const { loader, action } = apiRoute({ GET: likes });
