import { data, type ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/web/require-member.server";
import { eq } from "drizzle-orm";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { tooManyInit } from "~/web/too-many.server";
import { db } from "~/db.server";
import { storage } from "~/services/storage/storage.server";
import type { Tenant } from "~/tenancy/schema";
import { photos, profiles } from "../../../../db/schema";
import { sendLikeMail } from "~/models/likes/like-mail.server";
import { likeMember, unlikeMember, type LikeSource } from "~/models/likes/likes.server";
import type { CurrentMember } from "~/models/members/current-member";
import { approvedMainPhoto } from "~/models/members/member-cards.server";

export interface MatchCard {
  id: number;
  name: string;
  photoUrl: string | null;
}

export type LikeReply = {
  intent: "like" | "unlike";
  memberId: number;
  liked: boolean;
  match: MatchCard | null;
  refused: "unavailable" | "dailyLimit" | "tooMany" | null;
  retryAfterSeconds?: number;
};

/**
 * The action of a list page whose cards carry like buttons (search, start page, matchfinder,
 * signup matches): the member's like or unlike, answered as the like button expects.
 */
export async function likeFormAction({ request, context }: ActionFunctionArgs, source: LikeSource) {
  const { tenant, member } = requireMember(request, context);
  const reply = await submitLike(await request.formData(), { tenant, member, source });
  if (!reply) throw data(null, { status: 400 });
  return likeAnswer(reply);
}

/** The answer of a like form: 429 with Retry-After when a rate limit refused it. */
export function likeAnswer(reply: LikeReply) {
  return data(reply, reply.retryAfterSeconds ? tooManyInit(reply.retryAfterSeconds) : undefined);
}

/**
 * The like and unlike buttons of profiles, cards and games post `intent` = like | unlike and
 * `member`; every page that shows them hands its form here. Null when the form is not a like.
 */
export async function submitLike(
  form: FormData,
  input: { tenant: Tenant; member: CurrentMember; source: LikeSource; dailyLimit?: { max: number; day: string } },
): Promise<LikeReply | null> {
  const intent = form.get("intent");
  const memberId = Number(form.get("member"));
  if ((intent !== "like" && intent !== "unlike") || !Number.isSafeInteger(memberId) || memberId <= 0) return null;
  // Like, unlike, like again: each like may mail; a person clicks far fewer (docs/product/safety.md#rate-limits).
  const counted = await countRequest(db(), input.tenant.id, [[RATE_LIMITS.likePerMember, input.member.id]]);
  if (!counted.ok) return { intent, memberId, liked: false, match: null, refused: "tooMany", retryAfterSeconds: counted.retryAfterSeconds };
  if (intent === "unlike") {
    await unlikeMember(db(), input.member.id, memberId);
    return { intent, memberId, liked: false, match: null, refused: null };
  }
  const outcome = await likeMember(db(), { likerId: input.member.id, likedId: memberId, pool: input.tenant.pool, source: input.source, dailyLimit: input.dailyLimit });
  if (!outcome.ok) return { intent, memberId, liked: false, match: null, refused: outcome.reason };
  // One mail per new like, never for a repeated click, and one per liker in a week at most
  // (sendLikeMail); the like stands even if the mail fails.
  if (outcome.created) await sendLikeMail(db(), { likerId: input.member.id, likedId: memberId, match: outcome.match }).catch((error: unknown) => console.warn("like mail not sent", error));
  return { intent, memberId, liked: true, match: outcome.match ? await matchCard(memberId) : null, refused: null };
}

async function matchCard(memberId: number): Promise<MatchCard | null> {
  const [row] = await db()
    .select({ id: profiles.memberId, name: profiles.name, thumbKey: photos.thumbKey })
    .from(profiles)
    .leftJoin(photos, approvedMainPhoto)
    .where(eq(profiles.memberId, memberId));
  return row ? { id: row.id, name: row.name, photoUrl: row.thumbKey ? storage().publicUrl(row.thumbKey) : null } : null;
}
