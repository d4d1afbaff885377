import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { isBrandIconName, renderBrandIcon } from "~/services/images/brand-icon.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { applySecurityHeaders } from "~/web/security-headers.server";

/** Made once per brand and icon in each process: they change only with the brand's colours. */
const made = new Map<string, Promise<Buffer>>();

/** A brand's app icon (docs/product/site.md#installed-app), for the manifest, iOS and push notifications. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const name = params.name;
  if (!isBrandIconName(name)) throw data(null, { status: 404 });
  const { primary, secondary, logo_mark } = tenant.theme;
  const key = `${tenant.id}:${name}:${primary}:${secondary}:${logo_mark}`;
  let icon = made.get(key);
  if (!icon) made.set(key, (icon = renderBrandIcon(tenant.theme, name)));
  const headers = new Headers({ "Content-Type": "image/png", "Cache-Control": "public, max-age=86400", Vary: "Host" });
  applySecurityHeaders(headers);
  return new Response(new Uint8Array(await icon), { headers });
}
