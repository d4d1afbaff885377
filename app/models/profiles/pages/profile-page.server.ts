import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { storage } from "~/services/storage/storage.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { blockMember, unblockMember } from "~/models/safety/blocks.server";
import { fictionalTexts } from "~/models/profiles/fictional.server";
import { likeAnswer, submitLike } from "~/models/likes/pages/like-actions.server";
import { likeState, markLikeSeen } from "~/models/likes/likes.server";
import { setFlash } from "~/web/flash.server";
import { searchMembers } from "~/models/search/member-search.server";
import { viewProfile } from "~/models/profiles/profile-view.server";
import { requireMember } from "~/web/require-member.server";
import { assertMayBrowse } from "~/models/search/pages/search-page.server";
import { cardsAsShown } from "~/models/members/member-cards.server";
import { sendGiftFromForm } from "~/models/chat/pages/chat-page.server";
import { countRequest, memberOrAddress, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { isOwnNavigation } from "~/web/http.server";
import { tooManyCall } from "~/web/too-many.server";
import { regionNames } from "~/utils/intl-formats";

const RELATED_LIMIT = 6;

function memberIdParam(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value)) throw data(null, { status: 404 });
  return Number(value);
}

/**
 * The loader of /members/{id} and /likes/m/{id}: the profile as this viewer may see it, or a 404
 * (docs/conventions.md#not-found-is-a-404: never another brand's member, never one hidden from this viewer).
 */
export async function loadProfilePage({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  await assertMayBrowse(request, context, tenant);
  const memberId = memberIdParam(params.id);
  const viewer = context.member;
  // Member ids are sequential: the views an address or member may make in an hour stop a scraper
  // walking them (docs/product/safety.md#rate-limits).
  const counted = await countRequest(db(), tenant.id, memberOrAddress(RATE_LIMITS.profileViewPerMember, viewer?.id ?? null, RATE_LIMITS.profileViewPerAddress, context.clientIp));
  if (!counted.ok) throw await tooManyCall(counted.retryAfterSeconds, context.language);
  const profile = await viewProfile(db(), storage(), { tenant, viewer, memberId });
  if (!profile) throw data(null, { status: 404 });
  const [related, fictional, t, likeStates] = await Promise.all([
    searchMembers(db(), storage(), {
      scope: { pool: tenant.pool, viewerId: viewer?.id ?? null, siteId: tenant.id },
      filters: { gender: (profile.gender as "male" | "female" | null) ?? undefined, country: profile.country ?? undefined },
      limit: RELATED_LIMIT + 1,
    }),
    fictionalTexts(tenant, context.language),
    getFixedT(context.language, "members"),
    viewer && !profile.isOwn ? likeState(db(), viewer.id, memberId) : null,
  ]);
  // Opening the profile of someone who liked the viewer: that like is no longer new
  // (docs/product/likes.md#new-likes); the update only when there is one.
  if (viewer && likeStates?.theirLikeIsNew && isOwnNavigation(request)) await markLikeSeen(db(), viewer.id, memberId);
  const likes = likeStates && { liked: likeStates.liked, likedMe: likeStates.likedMe, matched: likeStates.matched };
  return {
    profile,
    /** The country in the page's language, named here, not in the browser (docs/decisions/036-intl-formatting-in-loaders.md). */
    countryName: profile.country ? (regionNames(context.language).of(profile.country) ?? profile.country) : null,
    related: cardsAsShown(related.cards.filter((card) => card.id !== memberId).slice(0, RELATED_LIMIT), tenant.settings.visible_profile_fields),
    fictional,
    loggedIn: viewer !== null,
    likes,
    // The gift picker of a member's profile view (docs/product/profiles.md#profile-view).
    gifts: viewer && !profile.isOwn ? { ids: tenant.settings.gifts, credits: tenant.settings.gift_credits } : null,
    title: t("profile.metaTitle", { name: profile.name, siteName: tenant.name }),
  };
}

/**
 * Like, unlike, gift, block and unblock from a profile page. A gift that went shows its
 * conversation; a refused one comes back to the profile with the reason.
 */
export async function profilePageAction({ request, context, params }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const memberId = memberIdParam(params.id);
  const form = await request.formData();
  form.set("member", String(memberId));
  const like = await submitLike(form, { tenant, member, source: "profile" });
  if (like) return likeAnswer(like);
  const intent = form.get("intent");
  if (intent === "gift") {
    const sent = await sendGiftFromForm(form, member, tenant, memberId);
    if (sent.ok) return redirect(`/chats/${sent.conversationId}`);
    return { intent: "gift" as const, refused: sent.reason };
  }
  if (intent === "block") {
    if (!(await blockMember(db(), { blockerId: member.id, blockedId: memberId, pool: tenant.pool }, storage()))) throw data(null, { status: 404 });
    return redirect("/members", { headers: { "Set-Cookie": await setFlash({ tone: "success", key: "members:flash.blocked" }) } });
  }
  if (intent === "unblock") {
    await unblockMember(db(), { blockerId: member.id, blockedId: memberId });
    return redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": await setFlash({ tone: "success", key: "members:flash.unblocked" }) } });
  }
  throw data(null, { status: 400 });
}
