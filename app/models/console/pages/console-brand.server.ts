import { data } from "@remix-run/node";
import { servesBrand, type StaffMember } from "~/models/staff/staff-roles";
import type { Tenant } from "~/tenancy/schema";
import { tenants } from "~/tenancy/tenants.server";

/** The brands an admin works for, and the one the page asks for (`brand`), or the first; a brand not theirs is a 404. */
export function consoleBrands(staff: StaffMember, url: URL): { brands: Tenant[]; brand: Tenant } {
  const brands = tenants().tenants.filter((tenant) => servesBrand(staff, tenant.id));
  const asked = url.searchParams.get("brand");
  const brand = asked ? brands.find((tenant) => tenant.id === asked) : brands[0];
  if (!brand) throw data(null, { status: 404 });
  return { brands, brand };
}
