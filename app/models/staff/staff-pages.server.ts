import { hasRole, type StaffMember } from "./staff-roles";
import { servesAllBrands } from "./staff-scope.server";

/*
 * The staff area's menus (docs/product/staff.md#brands-and-languages): a staff member is shown
 * only the pages they can use. Pages that act on every brand at once are for staff of every
 * brand; anyone else would get a 404 there (review N-M-3).
 */

export interface StaffLink {
  to: string;
  label: string;
  /** For the brand console's menu: active only on the exact path. */
  end?: boolean;
}

/** The staff area's main menu for this staff member. */
export function staffLinks(staff: StaffMember): StaffLink[] {
  const links: Array<StaffLink | null> = [
    hasRole(staff, "operator") ? { to: "/staff/inbox", label: "nav.inbox" } : null,
    hasRole(staff, "moderator") ? { to: "/staff/moderation", label: "nav.moderation" } : null,
    hasRole(staff, "moderator") ? { to: "/staff/reports", label: "nav.reports" } : null,
    hasRole(staff, "moderator") ? { to: "/staff/bans", label: "nav.bans" } : null,
    hasRole(staff, "support") ? { to: "/staff/support", label: "nav.support" } : null,
    hasRole(staff, "admin") ? { to: "/staff/profiles", label: "nav.profiles" } : null,
    hasRole(staff, "operator") ? { to: "/staff/figures", label: "nav.figures" } : null,
    hasRole(staff, "admin") ? { to: "/staff/console", label: "nav.console" } : null,
    hasRole(staff, "admin") ? { to: "/staff/audit", label: "nav.audit" } : null,
  ];
  return links.filter((link) => link !== null);
}

/** The brand console's menu for this admin; the direct-debit blocks hold on every brand. */
export function consoleLinks(staff: StaffMember): StaffLink[] {
  if (!hasRole(staff, "admin")) return [];
  const links: Array<StaffLink | null> = [
    { to: "/staff/console", label: "console.nav.figures", end: true },
    { to: "/staff/console/discounts", label: "console.nav.discounts" },
    servesAllBrands(staff) ? { to: "/staff/console/direct-debit", label: "console.nav.directDebit" } : null,
    { to: "/staff/console/texts", label: "console.nav.texts" },
    { to: "/staff/console/brands", label: "console.nav.brands" },
  ];
  return links.filter((link) => link !== null);
}
