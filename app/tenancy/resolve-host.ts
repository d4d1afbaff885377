import type { TenantRegistry } from "./registry";
import type { Tenant } from "./schema";

export interface HostOptions {
  /** `<tenant-id>.localhost` reaches that brand and `localhost` the default one. */
  devTenantHosts: boolean;
  defaultTenant?: string;
}

/** Lower-case, without port, trailing dot and leading `www.`. */
export function normaliseHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith("[")) {
    name = name.slice(0, name.indexOf("]") + 1);
  } else {
    name = name.replace(/:\d+$/, "");
  }
  name = name.replace(/\.$/, "");
  return name.startsWith("www.") ? name.slice(4) : name;
}

export function resolveTenant(rawHost: string | null | undefined, registry: TenantRegistry, options: HostOptions): Tenant | null {
  if (!rawHost) return null;
  const host = normaliseHost(rawHost);
  const exact = registry.byDomain.get(host);
  if (exact) return exact;
  if (!options.devTenantHosts) return null;
  if (host === "localhost" || host === "127.0.0.1" || host === "[::1]") {
    return options.defaultTenant ? (registry.get(options.defaultTenant) ?? null) : (registry.tenants[0] ?? null);
  }
  const match = /^([a-z0-9-]+)\.localhost$/.exec(host);
  return match?.[1] ? (registry.get(match[1]) ?? null) : null;
}
