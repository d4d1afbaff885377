import { env } from "~/env.server";
import type { Tenant } from "~/tenancy/schema";

/**
 * The origin links in mails point to: the brand's first domain over https, or, while the
 * developer host names are on, the origin this request came in on (e.g. flirtpunt.localhost:3000).
 */
export function siteOrigin(request: Request, tenant: Tenant): string {
  if (env().devTenantHosts) {
    const url = new URL(request.url);
    if (url.hostname === "localhost" || url.hostname.endsWith(".localhost") || url.hostname === "127.0.0.1") return url.origin;
  }
  return `https://${tenant.domains[0]}`;
}

/** The origin for links in mails sent outside a request (scheduled jobs). */
export function tenantOrigin(tenant: Tenant): string {
  return env().devTenantHosts ? `http://${tenant.id}.localhost:${env().PORT}` : `https://${tenant.domains[0]}`;
}
