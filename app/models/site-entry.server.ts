import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { siteEntryCookie } from "~/utils/cookies.server";
import { shouldShowSiteEntryWarning, type LayoutKind } from "./site-entry";

/** Loader helper for the layouts: does this request get the entry warning? */
export async function siteEntryWarning(request: Request, context: AppLoadContext, layout: LayoutKind): Promise<boolean> {
  const tenant = context.tenant;
  if (!tenant) return false;
  const dismissed = (await siteEntryCookie.parse(request.headers.get("cookie"))) as unknown;
  return shouldShowSiteEntryWarning({
    layout,
    setting: tenant.settings.enable_site_entry_popup,
    visitorCountry: context.country,
    brandCountries: tenant.countries,
    loggedIn: false,
    dismissedAt: typeof dismissed === "number" ? dismissed : null,
  });
}

/** The loader every layout route uses: the entry-warning decision for that layout. */
export function layoutLoader(layout: LayoutKind) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const tenant = requireTenant(context);
    return { showSiteEntry: await siteEntryWarning(request, context, layout), minAge: tenant.settings.min_age };
  };
}

export type LayoutLoaderData = Awaited<ReturnType<ReturnType<typeof layoutLoader>>>;
