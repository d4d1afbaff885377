import { db } from "~/db.server";
import type { Language } from "~/domain/languages";
import { getFixedT } from "~/i18n/i18next.server";
import { brandText } from "~/models/console/brand-texts.server";
import { nicheSlug } from "~/tenancy/niches";
import type { Tenant } from "~/tenancy/schema";

/**
 * The home page's title and description: the brand's own (changed in the console or in its file),
 * else its niche's from the catalogue. The home page and /api/settings.php show the same.
 */
export async function homeTexts(tenant: Tenant, language: Language): Promise<{ title: string; description: string }> {
  const niche = nicheSlug(tenant.niche);
  const [t, title, description] = await Promise.all([
    getFixedT(language, "home"),
    brandText(db(), tenant, "index_title", language),
    brandText(db(), tenant, "description", language),
  ]);
  return {
    title: title ?? t(`niches.${niche}.metaTitle`, { siteName: tenant.name }),
    description: description ?? t(`niches.${niche}.metaDescription`, { siteName: tenant.name }),
  };
}
