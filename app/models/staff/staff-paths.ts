/**
 * The staff area's paths (docs/product/staff.md#the-staff-area): /staff and below, data requests
 * included — in any case and percent-encoding, as the router matches them (review N-M-2).
 */
export function isStaffPath(pathname: string): boolean {
  const path = decoded(pathname).toLowerCase();
  return path === "/staff" || path === "/staff.data" || path.startsWith("/staff/");
}

function decoded(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
