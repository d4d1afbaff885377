import { db } from "~/db.server";
import type { Language } from "~/domain/languages";
import { getFixedT } from "~/i18n/i18next.server";
import { brandTeasers, countListedMembersCached } from "~/models/search/member-teasers.server";
import { storage } from "~/services/storage/storage.server";
import { nicheSlug } from "~/tenancy/niches";
import type { Tenant } from "~/tenancy/schema";
import { numberFormat } from "~/utils/intl-formats";
import { homeTexts } from "./home-texts.server";

/** The home page as visitors see it (docs/product/site.md#home-page): the brand's pitch, what it offers, recent members. */
export async function visitorHome(tenant: Tenant, language: Language) {
  const t = await getFixedT(language, "home");
  const [members, memberCount, texts] = await Promise.all([
    brandTeasers(db(), storage(), tenant, 12),
    countListedMembersCached(db(), tenant.pool),
    homeTexts(tenant, language),
  ]);
  return {
    kind: "visitor" as const,
    niche: nicheSlug(tenant.niche),
    members,
    memberCount,
    // Formatted here, not in the browser (docs/decisions/036-intl-formatting-in-loaders.md).
    memberCountText: numberFormat(language).format(memberCount),
    fictional: {
      label: tenant.settings.fictional_singular[language] ?? t("fictionalProfile"),
    },
    title: texts.title,
    description: texts.description,
  };
}
