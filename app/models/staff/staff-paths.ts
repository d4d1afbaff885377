/** The staff area's paths (docs/product/staff.md#the-staff-area): /staff and below, data requests included. */
export function isStaffPath(pathname: string): boolean {
  return pathname === "/staff" || pathname === "/staff.data" || pathname.startsWith("/staff/");
}
