import { eq } from "drizzle-orm";
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

export type LikeReply = { intent: "like" | "unlike"; memberId: number; liked: boolean; match: MatchCard | null; refused: "unavailable" | "dailyLimit" | null };

/**
 * The like and unlike buttons of profiles, cards and games post `intent` = like | unlike and
 * `member`; every page that shows them hands its form here. Null when the form is not a like.
 */
export async function submitLike(form: FormData, input: { tenant: Tenant; member: CurrentMember; source: LikeSource; dailyLimit?: { max: number; day: string } }): Promise<LikeReply | null> {
  const intent = form.get("intent");
  const memberId = Number(form.get("member"));
  if ((intent !== "like" && intent !== "unlike") || !Number.isSafeInteger(memberId) || memberId <= 0) return null;
  if (intent === "unlike") {
    await unlikeMember(db(), input.member.id, memberId);
    return { intent, memberId, liked: false, match: null, refused: null };
  }
  const outcome = await likeMember(db(), { likerId: input.member.id, likedId: memberId, pool: input.tenant.pool, source: input.source, dailyLimit: input.dailyLimit });
  if (!outcome.ok) return { intent, memberId, liked: false, match: null, refused: outcome.reason };
  // One mail per new like, never for a repeated click; the like stands even if the mail fails.
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
