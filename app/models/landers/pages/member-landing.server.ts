import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { members } from "../../../../db/schema";
import { db } from "~/db.server";
import type { MemberLandingLayout } from "~/domain/landers";
import { getFixedT } from "~/i18n/i18next.server";
import { storage } from "~/services/storage/storage.server";
import type { Tenant } from "~/tenancy/schema";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { signupFormSettings } from "~/models/accounts/pages/signup-form-settings.server";
import { fictionalTexts } from "~/models/profiles/fictional.server";
import { viewProfile } from "~/models/profiles/profile-view.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { visitorMayBrowse } from "~/models/search/pages/search-page.server";
import { tooManyCall } from "~/web/too-many.server";
import { visitorPageCache } from "~/web/page-cache.server";
import { landerVariant } from "../lander-variant";

/** A member landing page's profile: only one a visitor of this brand may see (listed, active, this pool, shown here). */
export async function landingProfile(tenant: Tenant, value: string | undefined) {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return viewProfile(db(), storage(), { tenant, viewer: null, memberId: Number(value) });
}

/**
 * The loader of /members/{id}/landing, landing2, landing3 and signup (docs/product/landers.md#member-landing-pages).
 * An id that is unknown, hidden or of another pool leads to the brand's lander with the same query, never
 * to a 404: an ad link must never die. A member who is logged in already goes to the profile itself.
 */
export async function loadMemberLanding({ request, context, params }: LoaderFunctionArgs, layout: MemberLandingLayout | "signup") {
  const tenant = requireTenant(context);
  const url = new URL(request.url);
  if (context.member) throw redirect(/^\d{1,15}$/.test(params.id ?? "") ? `/members/${params.id}` : "/members");
  // A brand that shows visitors no members shows them none here either (review N-M-7): its lander instead.
  if (!(await visitorMayBrowse(request, tenant))) throw redirect(`/landers/${tenant.landers.default}${url.search}`);
  // Member ids are sequential: the same limit as profile views stops a scraper walking them here.
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.profileViewPerAddress, context.clientIp]]);
  if (!counted.ok) throw await tooManyCall(counted.retryAfterSeconds, context.language);
  const profile = await landingProfile(tenant, params.id);
  if (!profile) throw redirect(`/landers/${tenant.landers.default}${url.search}`);
  const variant = landerVariant(tenant, params.slug, context.language);
  const [fictional, signup, t] = await Promise.all([
    fictionalTexts(tenant, context.language),
    signupFormSettings(request, tenant),
    getFixedT(context.language, "landers"),
  ]);
  return data(
    {
      layout,
      profile: {
        id: profile.id,
        name: profile.name,
        age: profile.age,
        city: profile.city,
        region: profile.region,
        about: profile.about,
        interests: profile.interests,
        isFictional: profile.isFictional,
        onlineRecently: profile.onlineRecently,
        photos: profile.photos,
      },
      headline: variant.headline,
      fictional,
      signup,
      // The signup page is titled by what it asks, the landing pages by whom they show.
      title: layout === "signup" ? `${t("member.signupTitle", { name: profile.name })} | ${tenant.name}` : t("member.title", { name: profile.name, siteName: tenant.name }),
    },
    { headers: visitorPageCache(context) },
  );
}

export type MemberLandingData = Awaited<ReturnType<typeof loadMemberLanding>>["data"];

/**
 * Where a newly activated member goes (docs/product/landers.md#member-landing-pages): into the conversation
 * with the profile they signed up for, while a visitor may still see it; otherwise null (the usual page).
 */
export async function conversationAfterActivation(database: Database, tenant: Tenant, memberId: number): Promise<string | null> {
  const [row] = await database.select({ profileId: members.signupProfileId }).from(members).where(eq(members.id, memberId));
  if (!row?.profileId) return null;
  const profile = await viewProfile(database, storage(), { tenant, viewer: null, memberId: row.profileId });
  return profile ? `/members/${profile.id}/chat` : null;
}
