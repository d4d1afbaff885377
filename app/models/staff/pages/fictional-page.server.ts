import { data } from "@remix-run/node";
import { regionsOf } from "~/domain/places";
import { tenants } from "~/tenancy/tenants.server";
import type { Tenant } from "~/tenancy/schema";
import { servesBrand, type StaffMember } from "../staff-roles";

/** The member pools of the brands this admin works for, each with those brands. */
export function poolsFor(staff: StaffMember): Map<string, Tenant[]> {
  const pools = new Map<string, Tenant[]>();
  for (const tenant of tenants().tenants) {
    if (!servesBrand(staff, tenant.id)) continue;
    pools.set(tenant.pool, [...(pools.get(tenant.pool) ?? []), tenant]);
  }
  return pools;
}

/** A pool this admin may manage, with its brands; a 404 otherwise. */
export function requirePool(staff: StaffMember, pool: string | null): { pool: string; brands: Tenant[] } {
  const brands = pool ? poolsFor(staff).get(pool) : undefined;
  if (!pool || !brands) throw data(null, { status: 404 });
  return { pool, brands };
}

/** What the profile form offers: the pool's brands, their countries and each country's regions. */
export function formOptions(brands: Tenant[]) {
  const countries = [...new Set(brands.flatMap((brand) => brand.countries))];
  return {
    brands: brands.map((brand) => ({ id: brand.id, name: brand.name })),
    countries: countries.map((country) => ({ code: country, regions: regionsOf(country).map((region) => ({ code: region.code, name: region.name })) })),
  };
}
