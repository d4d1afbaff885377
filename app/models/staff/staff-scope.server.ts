import { inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { StaffMember } from "./staff-roles";

/*
 * The one scope rule of the staff area (docs/product/staff.md#brands-and-languages, review N-M-3):
 * a staff member's brands limit what they see, search, export and change. Only a staff member of
 * every brand (an empty list) acts network-wide: codes, bans and blocks valid on every brand.
 */

/** Whether this person works for every brand, and so may act on what belongs to no single brand. */
export function servesAllBrands(staff: Pick<StaffMember, "brands">): boolean {
  return staff.brands.length === 0;
}

/**
 * The condition "this row's brand is one of the staff member's" for a brand column, or undefined
 * for a staff member of every brand. A row of no brand (null) is then outside the scope.
 */
export function inStaffBrands(staff: Pick<StaffMember, "brands">, column: AnyPgColumn): SQL | undefined {
  return servesAllBrands(staff) ? undefined : inArray(column, staff.brands);
}

/**
 * The condition "this row's language is one of the staff member's" for a language column, or
 * undefined for a staff member of every language (an empty list): the operator inbox and the
 * support cases keep to the languages a staff member answers in.
 */
export function inStaffLanguages(staff: Pick<StaffMember, "languages">, column: AnyPgColumn): SQL | undefined {
  return staff.languages.length === 0 ? undefined : inArray(column, staff.languages);
}
