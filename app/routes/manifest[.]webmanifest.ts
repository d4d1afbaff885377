import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT } from "~/i18n/i18next.server";
import { nicheSlug } from "~/tenancy/niches";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { applySecurityHeaders } from "~/web/security-headers.server";

/**
 * The brand's web app manifest (docs/product/site.md#installed-app): installed from any page of
 * the brand, the site opens standalone, in the brand's name, colours and icon.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const t = await getFixedT(context.language, "home");
  const manifest = {
    id: "/",
    name: tenant.name,
    short_name: tenant.name.slice(0, 12),
    description: tenant.settings.description[context.language] ?? t(`niches.${nicheSlug(tenant.niche)}.metaDescription`, { siteName: tenant.name }),
    lang: context.language,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: tenant.theme.primary,
    background_color: tenant.theme.secondary,
    icons: [
      { src: "/icons/192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  const headers = new Headers({ "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600", Vary: "Host, Accept-Language, Cookie" });
  applySecurityHeaders(headers);
  return new Response(JSON.stringify(manifest), { headers });
}
