import type { ConsentCategory, Tenant } from "./schema";

/** One third-party script of a brand, as the page loads it once its category is allowed (docs/product/site.md#consent-and-tags). */
export interface BrandTag {
  id: "tag_manager" | "analytics" | "marketing_pixel";
  category: ConsentCategory;
  src: string;
  /** data-* attributes the script reads its configuration from. */
  data: Record<string, string>;
  /** Every origin the tag loads from or talks to: the brand's content security policy admits these. */
  origins: string[];
}

const cache = new WeakMap<Tenant["tags"], BrandTag[]>();

/** The brand's configured tags, in a fixed order (tenant file `tags`, docs/product/site.md#tenant-file-tags). */
export function brandTags(tenant: Pick<Tenant, "tags">): BrandTag[] {
  const cached = cache.get(tenant.tags);
  if (cached) return cached;
  const { tag_manager: manager, analytics, marketing_pixel: pixel } = tenant.tags;
  const tags: BrandTag[] = [];
  if (manager) {
    tags.push({
      id: "tag_manager",
      category: manager.category,
      src: `${manager.origin}/gtm.js?id=${encodeURIComponent(manager.container_id)}`,
      data: { "container-id": manager.container_id },
      origins: unique([new URL(manager.origin).origin, ...manager.extra_origins]),
    });
  }
  if (analytics) {
    tags.push({ id: "analytics", category: "analytics", src: analytics.script_url, data: { "site-id": analytics.site_id }, origins: unique([new URL(analytics.script_url).origin, ...analytics.extra_origins]) });
  }
  if (pixel) {
    tags.push({ id: "marketing_pixel", category: "marketing", src: pixel.script_url, data: { "pixel-id": pixel.id }, origins: unique([new URL(pixel.script_url).origin, ...pixel.extra_origins]) });
  }
  cache.set(tenant.tags, tags);
  return tags;
}

/** The origins the brand's content security policy admits for its tags (none for a brand without tags). */
export function brandTagOrigins(tenant: Pick<Tenant, "tags">): string[] {
  return unique(brandTags(tenant).flatMap((tag) => tag.origins));
}

function unique(origins: string[]): string[] {
  return [...new Set(origins.map((origin) => origin.replace(/\/$/, "")))];
}
