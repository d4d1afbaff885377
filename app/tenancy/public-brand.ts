import { nicheSlug, type Niche } from "./niches";
import type { Tenant, TenantTheme } from "./schema";

/** What the browser may know about a brand. */
export interface PublicBrand {
  id: string;
  name: string;
  niche: Niche;
  domain: string;
  countries: string[];
  theme: TenantTheme;
  supportEmail: string;
  /** Times are shown in the brand's calendar, the same on the server and in the browser. */
  timezone: string;
}

export function publicBrand(tenant: Tenant): PublicBrand {
  return {
    id: tenant.id,
    name: tenant.name,
    niche: nicheSlug(tenant.niche),
    domain: tenant.domains[0]!,
    countries: tenant.countries,
    theme: tenant.theme,
    supportEmail: tenant.company.support_email,
    timezone: tenant.timezone,
  };
}
