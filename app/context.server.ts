import { env } from "~/env.server";
import type { Country, Language } from "~/i18n/languages";
import { resolveLanguage } from "~/i18n/resolve-language";
import { visitorCountry } from "~/services/visitor-country.server";
import { requestHost, resolveTenant } from "~/tenancy/resolve-host";
import type { Tenant } from "~/tenancy/schema";
import { tenants } from "~/tenancy/tenants.server";
import { acceptedLanguages } from "~/utils/accept-language";
import { localeCookie } from "~/utils/cookies.server";

export interface RequestContext {
  /** The brand this request is for; null for an unknown host. */
  tenant: Tenant | null;
  language: Language;
  /** From a trusted geo header only; null when unknown. */
  country: Country | null;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation needs an interface
  interface AppLoadContext extends RequestContext {}
}

/** Runs once per request before any loader: host → brand, then the language. */
export async function createRequestContext(headers: Headers): Promise<RequestContext> {
  const config = env();
  const tenant = resolveTenant(requestHost(headers, config.TRUST_FORWARDED_HOST_HEADER), tenants(), {
    devTenantHosts: config.devTenantHosts,
    defaultTenant: config.DEFAULT_TENANT,
  });
  const cookieLanguage = (await localeCookie.parse(headers.get("cookie"))) as unknown;
  const language = resolveLanguage({
    cookieLanguage: typeof cookieLanguage === "string" ? cookieLanguage : null,
    tenant,
    acceptLanguages: acceptedLanguages(headers.get("accept-language")),
  });
  return { tenant, language, country: visitorCountry(headers, config.GEO_COUNTRY_HEADER) };
}
