/** Staff sessions last this long without use (docs/product/staff.md#staff-accounts). */
export const STAFF_IDLE_HOURS = 12;

/** What a staff member may do (docs/product/staff.md#staff-accounts). */
export const STAFF_ROLES = ["operator", "moderator", "support", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The logged-in staff member as the staff area's loaders and actions get it. */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  roles: StaffRole[];
  /** Tenant ids this person works for; empty: all brands. */
  brands: string[];
  /** Languages an operator answers in; empty: all. */
  languages: string[];
  uiLanguage: "en" | "nl";
}

export function hasRole(staff: StaffMember, role: StaffRole): boolean {
  return staff.roles.includes(role) || staff.roles.includes("admin");
}

/** Whether this person works for the brand (tenant id). */
export function servesBrand(staff: Pick<StaffMember, "brands">, siteId: string): boolean {
  return staff.brands.length === 0 || staff.brands.includes(siteId);
}

/** Whether an operator answers in this language. */
export function answersIn(staff: Pick<StaffMember, "languages">, language: string): boolean {
  return staff.languages.length === 0 || staff.languages.includes(language);
}
