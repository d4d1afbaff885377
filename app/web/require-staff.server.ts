import { redirect, type AppLoadContext } from "@remix-run/node";
import { hasRole, type StaffMember, type StaffRole } from "~/models/staff/staff-roles";
import { servesAllBrands } from "~/models/staff/staff-scope.server";
import { notFound } from "./http.server";

/**
 * The logged-in staff member with this role (admins hold every role), or the staff login. A
 * staff member without the role gets a 404: the page is not theirs to know about. So does one of
 * some brands on a page that acts on every brand (`allBrands`; staff-scope.server.ts).
 */
export function requireStaff(context: AppLoadContext, role?: StaffRole, options: { allBrands?: boolean } = {}): StaffMember {
  const staff = context.staff;
  if (!staff) throw redirect("/staff/login");
  if (role && !hasRole(staff, role)) notFound();
  if (options.allBrands && !servesAllBrands(staff)) notFound();
  return staff;
}
