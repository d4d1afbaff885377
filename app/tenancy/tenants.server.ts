import { env } from "~/env.server";
import { loadTenants } from "./load-tenants.server";
import type { TenantRegistry } from "./registry";

let registry: TenantRegistry | undefined;

/** The brands of this server, read from the tenant files once (start-up validates them). */
export function tenants(): TenantRegistry {
  registry ??= loadTenants(env().TENANTS_DIR);
  return registry;
}
