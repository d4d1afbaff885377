import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { isLanderKind } from "~/domain/landers";
import { isCountry } from "~/domain/languages";
import { storage } from "~/services/storage/storage.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { fictionalTexts } from "~/models/profiles/fictional.server";
import { brandTeasers, countListedMembersCached } from "~/models/search/member-teasers.server";
import { signupFormSettings } from "~/models/accounts/pages/signup-form-settings.server";
import { visitorPageCache } from "~/web/page-cache.server";
import { countryMap } from "../country-map.server";
import { landerVariant } from "../lander-variant";
import { activityOf } from "../activity";

/**
 * The loader of /landers/{kind}/{slug?} (docs/product/landers.md): the brand's faces, the variant's
 * headline, and whether this visitor may sign up. A kind we do not have goes to the brand's own
 * lander with the same query: an ad link never dies.
 */
export async function loadLander({ request, context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const kind = params.kind;
  if (!isLanderKind(kind)) throw redirect(`/landers/${tenant.landers.default}${new URL(request.url).search}`);
  const variant = landerVariant(tenant, params.slug, context.language);
  // The map and "near you" follow the visitor's country when it is one of the brand's.
  const country = context.country && tenant.countries.includes(context.country) ? context.country : tenant.countries[0]!;
  const [members, memberCount, fictional, signup, t] = await Promise.all([
    brandTeasers(db(), storage(), tenant),
    countListedMembersCached(db(), tenant.pool),
    fictionalTexts(tenant, context.language),
    signupFormSettings(request, tenant),
    getFixedT(context.language, "home"),
  ]);
  const headline = variant.headline ?? t(`niches.${variant.niche}.headline`);
  return data(
    {
      kind,
      siteName: tenant.name,
      niche: variant.niche,
      headline,
      members: members.map((member) => ({ ...member, activity: activityOf(member.lastActiveAt, Date.now()) })),
      memberCount,
      fictional: { label: fictional.label },
      signupOpen: signup.open,
      country: isCountry(country) ? country : null,
      map: kind === "maplanding" ? countryMap(country, members) : null,
      interests: kind === "iconslanding" ? tenant.settings.interests.slice(0, 12) : [],
      title: `${headline} | ${tenant.name}`,
    },
    { headers: visitorPageCache(context) },
  );
}

export type LanderData = Awaited<ReturnType<typeof loadLander>>["data"];
