import { data } from "@remix-run/node";
import { regionsOf } from "~/domain/places";
import { tenants } from "~/tenancy/tenants.server";
import type { Tenant } from "~/tenancy/schema";
import { servesBrand, type StaffMember } from "../staff-roles";
import { shownOnAnyOf } from "../fictional-profiles.server";

/** The member pools of the brands this admin works for, each with those brands. */
export function poolsFor(staff: StaffMember): Map<string, Tenant[]> {
  const pools = new Map<string, Tenant[]>();
  for (const tenant of tenants().tenants) {
    if (!servesBrand(staff, tenant.id)) continue;
    pools.set(tenant.pool, [...(pools.get(tenant.pool) ?? []), tenant]);
  }
  return pools;
}

/**
 * A pool this admin may manage: `brands` are the admin's brands of it, `poolBrands` all of its
 * brands (what "every brand" means, review N-M-3); a 404 otherwise.
 */
export function requirePool(staff: StaffMember, pool: string | null): { pool: string; brands: Tenant[]; poolBrands: Tenant[] } {
  const brands = pool ? poolsFor(staff).get(pool) : undefined;
  if (!pool || !brands) throw data(null, { status: 404 });
  return { pool, brands, poolBrands: tenants().inPool(pool) };
}

/**
 * A fictional profile this admin may see and change, with its pool: one that at least one of
 * their brands shows. Any other is a 404, its photos included (review N-M-3).
 */
export function requireProfileScope(staff: StaffMember, profile: { pool: string; shownOn: string[] | null }) {
  const scope = requirePool(staff, profile.pool);
  if (!shownOnAnyOf(profile.shownOn, scope.brands)) throw data(null, { status: 404 });
  return scope;
}

/** The brands of the pool that show a profile and are not the admin's: their ticks stay as they are. */
export function otherBrandsShowing(scope: { brands: Tenant[]; poolBrands: Tenant[] }, profile: { shownOn: string[] | null } | null): Tenant[] {
  if (!profile) return [];
  return scope.poolBrands.filter((brand) => !scope.brands.some((own) => own.id === brand.id) && (profile.shownOn === null || profile.shownOn.includes(brand.id)));
}

/**
 * What the profile form offers: the admin's brands of the pool to tick, and the whole pool's
 * countries with each country's regions.
 */
export function formOptions(brands: Tenant[], poolBrands: Tenant[] = brands) {
  const countries = [...new Set(poolBrands.flatMap((brand) => brand.countries))];
  return {
    brands: brands.map((brand) => ({ id: brand.id, name: brand.name })),
    countries: countries.map((country) => ({ code: country, regions: regionsOf(country).map((region) => ({ code: region.code, name: region.name })) })),
  };
}
