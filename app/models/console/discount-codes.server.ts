import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Executor } from "../../../db/client.server";
import { discountCodes, discountRedemptions, orders } from "../../../db/schema";
import { COUNTRIES } from "~/domain/languages";
import { normaliseCode } from "~/models/payments/discounts.server";
import { recordStaffAction } from "~/models/staff/staff-audit.server";
import { servesBrand, type StaffMember } from "~/models/staff/staff-roles";
import { inStaffBrands, servesAllBrands } from "~/models/staff/staff-scope.server";

const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/**
 * A new discount code as the console's form sends it (docs/product/console.md#discount-codes);
 * errors are catalogue keys. Without a brand a code is valid on every brand: only an admin of
 * every brand may leave it empty (review N-M-3).
 */
export function discountCodeSchema(brandIds: readonly string[], options: { allBrands: boolean }) {
  const brand = z.string().refine((id) => brandIds.includes(id), "console.discounts.errors.brand");
  return z.object({
    code: z
      .string()
      .trim()
      .transform(normaliseCode)
      .pipe(z.string().regex(/^[A-Z0-9-]{3,30}$/, "console.discounts.errors.code")),
    percent: z.coerce.number({ invalid_type_error: "console.discounts.errors.percent" }).int("console.discounts.errors.percent").min(1, "console.discounts.errors.percent").max(99, "console.discounts.errors.percent"),
    minOrder: optional(z.coerce.number().min(0, "console.discounts.errors.minOrder").max(100_000, "console.discounts.errors.minOrder")),
    currency: optional(z.string().regex(/^[A-Z]{3}$/, "console.discounts.errors.currency")),
    country: optional(z.enum(COUNTRIES as [string, ...string[]], { errorMap: () => ({ message: "console.discounts.errors.country" }) })),
    brand: options.allBrands ? optional(brand) : z.preprocess((value) => value ?? "", brand),
    expires: optional(z.coerce.date({ invalid_type_error: "console.discounts.errors.expires" }).refine((date) => date.getTime() > Date.now(), "console.discounts.errors.expires")),
    limit: optional(z.coerce.number().int("console.discounts.errors.limit").min(1, "console.discounts.errors.limit").max(1_000_000, "console.discounts.errors.limit")),
  });
}

export type NewDiscountCode = z.infer<ReturnType<typeof discountCodeSchema>>;

/** Creates a code; false when the code exists already or lies outside the admin's brands. Audited. */
export async function createDiscountCode(db: Database, staff: StaffMember, ip: string | null, input: NewDiscountCode): Promise<boolean> {
  if (input.brand ? !servesBrand(staff, input.brand) : !servesAllBrands(staff)) return false;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(discountCodes)
      .values({
        code: input.code,
        percent: input.percent,
        minOrderCents: input.minOrder === undefined ? 0 : Math.round(input.minOrder * 100),
        currency: input.currency ?? null,
        country: input.country ?? null,
        siteId: input.brand ?? null,
        expiresAt: input.expires ?? null,
        maxRedemptions: input.limit ?? null,
      })
      .onConflictDoNothing()
      .returning({ code: discountCodes.code });
    if (inserted.length === 0) return false;
    await recordStaffAction(tx, { staffId: staff.id, action: "discount_create", siteId: input.brand ?? null, details: { code: input.code, percent: input.percent, limit: input.limit ?? null }, ip });
    return true;
  });
}

/** Ends a code at once (it stays in the list with its redemptions). Audited. */
export async function endDiscountCode(db: Database, staff: StaffMember, ip: string | null, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx.update(discountCodes).set({ active: false }).where(and(eq(discountCodes.code, code), eq(discountCodes.active, true), brandScope(staff))).returning({ siteId: discountCodes.siteId });
    if (ended.length === 0) return false;
    await recordStaffAction(tx, { staffId: staff.id, action: "discount_end", siteId: ended[0]!.siteId, details: { code }, ip });
    return true;
  });
}

/** An admin of some brands sees codes of those brands and codes for every brand; only an admin of all brands may end the latter. */
function brandScope(staff: Pick<StaffMember, "brands">) {
  return staff.brands.length > 0 ? inArray(discountCodes.siteId, staff.brands) : undefined;
}

export interface DiscountCodeRow {
  code: string;
  percent: number;
  minOrderCents: number;
  currency: string | null;
  country: string | null;
  siteId: string | null;
  expiresAt: string | null;
  active: boolean;
  maxRedemptions: number | null;
  redeemed: number;
}

/** The codes, newest first, each with how many members used it by a paid order. */
export async function listDiscountCodes(db: Executor, staff: Pick<StaffMember, "brands">): Promise<DiscountCodeRow[]> {
  const paid = db
    .select({ code: discountRedemptions.code, n: sql<number>`count(*)::int`.as("n") })
    .from(discountRedemptions)
    .innerJoin(orders, and(eq(orders.id, discountRedemptions.orderId), eq(orders.status, "paid")))
    .groupBy(discountRedemptions.code)
    .as("paid");
  const rows = await db
    .select({ row: discountCodes, redeemed: sql<number>`coalesce(${paid.n}, 0)::int` })
    .from(discountCodes)
    .leftJoin(paid, eq(paid.code, discountCodes.code))
    .where(staff.brands.length > 0 ? sql`(${discountCodes.siteId} is null or ${inArray(discountCodes.siteId, staff.brands)})` : undefined)
    .orderBy(desc(discountCodes.createdAt))
    .limit(500);
  return rows.map(({ row, redeemed }) => ({
    code: row.code,
    percent: row.percent,
    minOrderCents: row.minOrderCents,
    currency: row.currency,
    country: row.country,
    siteId: row.siteId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    active: row.active,
    maxRedemptions: row.maxRedemptions,
    redeemed,
  }));
}

/** The latest uses of a code on the admin's brands: member, order, amount and status. */
export async function codeRedemptions(db: Executor, staff: Pick<StaffMember, "brands">, code: string, limit = 100) {
  const rows = await db
    .select({ memberId: discountRedemptions.memberId, orderId: orders.id, siteId: orders.siteId, amountCents: orders.amountCents, currency: orders.currency, status: orders.status, at: discountRedemptions.at })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(and(eq(discountRedemptions.code, normaliseCode(code)), inStaffBrands(staff, orders.siteId)))
    .orderBy(desc(discountRedemptions.at))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
