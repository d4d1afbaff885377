import { isLanguage, type Language } from "~/domain/languages";
import { NICHES, nicheSlug, type Niche } from "~/tenancy/niches";
import type { Tenant } from "~/tenancy/schema";

/** What a lander shows for its optional slug (docs/product/landers.md#variants). */
export interface LanderVariant {
  niche: Niche;
  /** The brand's campaign headline in the page's language, when the slug named a campaign that has one. */
  headline: string | null;
  /** The slug as understood, or null for the brand's default (no slug, or one we do not know). */
  slug: string | null;
}

const NICHE_SLUGS = new Set<string>(Object.values(NICHES));

/** A niche landing slug with its locale, e.g. `bdsm-de` (docs/product/landers.md#variants): the niche and the language, or null. */
export function parseNicheSlug(slug: string | undefined): { niche: Niche; language: Language } | null {
  const match = /^([a-z]+)-([a-z]{2})$/.exec(slug ?? "");
  if (!match || !NICHE_SLUGS.has(match[1]!) || !isLanguage(match[2])) return null;
  return { niche: match[1] as Niche, language: match[2] };
}

/**
 * The variant a slug selects: one of the brand's campaigns, a niche with its locale, or — for no slug
 * or one we do not know — the brand's own niche. An ad link never dies over a slug.
 */
export function landerVariant(tenant: Pick<Tenant, "niche" | "landers">, slug: string | undefined, language: Language): LanderVariant {
  const campaign = tenant.landers.campaigns.find((c) => c.slug === slug);
  if (campaign) return { niche: nicheSlug(tenant.niche), headline: campaign.headline[language] ?? null, slug: campaign.slug };
  const niche = parseNicheSlug(slug);
  if (niche) return { niche: niche.niche, headline: null, slug: slug! };
  return { niche: nicheSlug(tenant.niche), headline: null, slug: null };
}

/** Paths whose last part may be a niche slug with a locale: the landers and the member landing pages 2 and 3. */
const SLUGGED_PATH = /^\/(?:landers\/[a-z]+|members\/\d+\/landing[23])\/([a-z0-9-]+)$/;

/**
 * The language a lander's slug asks for (`/landers/video/bdsm-de` → de): the ad was bought for
 * that audience, so it counts before the brand's language, after a choice the visitor made.
 */
export function slugLanguage(pathname: string): Language | null {
  return parseNicheSlug(SLUGGED_PATH.exec(pathname)?.[1])?.language ?? null;
}
