import type { Tenant } from "./schema";

/** All brands of this server, indexed by id and by host name. */
export class TenantRegistry {
  readonly byId: ReadonlyMap<string, Tenant>;
  readonly byDomain: ReadonlyMap<string, Tenant>;

  constructor(readonly tenants: readonly Tenant[]) {
    this.byId = new Map(tenants.map((tenant) => [tenant.id, tenant]));
    this.byDomain = new Map(tenants.flatMap((tenant) => tenant.domains.map((domain) => [domain, tenant] as const)));
  }

  get(id: string): Tenant | undefined {
    return this.byId.get(id);
  }

  /** Tenants whose members can be seen from the given pool. */
  inPool(pool: string): Tenant[] {
    return this.tenants.filter((tenant) => tenant.pool === pool);
  }

  pools(): string[] {
    return [...new Set(this.tenants.map((tenant) => tenant.pool))];
  }
}
