import { and, desc, eq, gt, gte, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { memberDiscounts, members } from "../../../db/schema";
import { isPaymentMethod, type PaymentMethod } from "~/domain/payment-methods";
import type { Tenant } from "~/tenancy/schema";
import { recordStaffAction } from "~/models/staff/staff-audit.server";
import { inStaffBrands } from "~/models/staff/staff-scope.server";
import type { StaffMember } from "~/models/staff/staff-roles";

/*
 * The personal discounts of a member (docs/product/payments.md#personal-discounts), one row each
 * in member_discounts: the welcome discount, written when it is granted, and the delete discount
 * the member accepted on the deletion page. Prices read them from here; the pricing rules are in
 * discounts.server.ts.
 */

export type PersonalDiscountKind = "welcome" | "delete_discount";
/** What support and the API see: the stored status, or "expired" for an active one past its end. */
export type PersonalDiscountStatus = "active" | "used" | "ended" | "expired";

export const WELCOME_PERCENT = 25;
/** The code an order records when it used the delete discount (never typed: it is the member's own). */
export const DELETE_DISCOUNT_CODE = "DELETEDISCOUNT";

const HOUR_MS = 60 * 60 * 1000;

export interface PersonalDiscount {
  id: number;
  memberId: number;
  kind: PersonalDiscountKind;
  percent: number;
  currency: string | null;
  expiresAt: Date;
  status: PersonalDiscountStatus;
  /** The payment methods it applies to; null for all. */
  methods: PaymentMethod[] | null;
  orderId: number | null;
  createdAt: Date;
}

type Row = typeof memberDiscounts.$inferSelect;

export function statusOf(row: Pick<Row, "status" | "expiresAt">, now = new Date()): PersonalDiscountStatus {
  if (row.status === "used" || row.status === "ended") return row.status;
  return row.expiresAt > now ? "active" : "expired";
}

function personal(row: Row, now: Date): PersonalDiscount {
  return {
    id: row.id,
    memberId: row.memberId,
    kind: row.kind === "welcome" ? "welcome" : "delete_discount",
    percent: row.percentage,
    currency: row.currency,
    expiresAt: row.expiresAt,
    status: statusOf(row, now),
    methods: row.methods ? row.methods.filter(isPaymentMethod) : null,
    orderId: row.orderId,
    createdAt: row.createdAt,
  };
}

/**
 * Writes the welcome discount when a member becomes eligible: at signup, for the brand's
 * welcome_discount_hours from then, limited to its welcome_discount_methods. A brand without
 * welcome hours grants none.
 */
export async function grantWelcomeDiscount(db: Executor, tenant: Tenant, member: { id: number; createdAt: Date }): Promise<void> {
  const hours = tenant.settings.welcome_discount_hours;
  if (hours <= 0) return;
  await db
    .insert(memberDiscounts)
    .values({
      memberId: member.id,
      kind: "welcome",
      percentage: WELCOME_PERCENT,
      currency: tenant.currency,
      expiresAt: new Date(member.createdAt.getTime() + hours * HOUR_MS),
      methods: tenant.settings.welcome_discount_methods,
      createdAt: member.createdAt,
    })
    .onConflictDoNothing();
}

/**
 * Members who signed up before welcome discounts were written have no row: one still inside the
 * window it would have had gets it on first read (docs/decisions/047-money-personal-discounts.md).
 * Pure, so the common case (no window left) costs no query.
 */
export function mayStillGetWelcome(tenant: Tenant, member: { paidUser: boolean; createdAt: Date }, now = new Date()): boolean {
  return !member.paidUser && member.createdAt.getTime() + tenant.settings.welcome_discount_hours * HOUR_MS > now.getTime();
}

export interface PersonalDiscounts {
  welcome: PersonalDiscount | null;
  deleteDiscount: PersonalDiscount | null;
}

/** The member's welcome and delete discount rows (granting a missing welcome discount, see mayStillGetWelcome). */
export async function personalDiscounts(db: Executor, tenant: Tenant, member: { id: number; paidUser: boolean; createdAt: Date }, now = new Date()): Promise<PersonalDiscounts> {
  let rows = await db.select().from(memberDiscounts).where(eq(memberDiscounts.memberId, member.id));
  if (!rows.some((row) => row.kind === "welcome") && mayStillGetWelcome(tenant, member, now)) {
    await grantWelcomeDiscount(db, tenant, member);
    rows = await db.select().from(memberDiscounts).where(eq(memberDiscounts.memberId, member.id));
  }
  const of = (kind: PersonalDiscountKind) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return row ? personal(row, now) : null;
  };
  return { welcome: of("welcome"), deleteDiscount: of("delete_discount") };
}

/** The member's welcome discount row, without granting one (the layouts' badge cache). */
export async function welcomeDiscountOf(db: Executor, memberId: number, now = new Date()): Promise<PersonalDiscount | null> {
  const [row] = await db
    .select()
    .from(memberDiscounts)
    .where(and(eq(memberDiscounts.memberId, memberId), eq(memberDiscounts.kind, "welcome")));
  return row ? personal(row, now) : null;
}

/**
 * A paid order settles the member's personal discounts, in the order's transaction: the one it
 * used becomes used (with the order); an active welcome discount ends with the first purchase made
 * without it, since paid members have none. A failed, cancelled or expired order changes nothing.
 */
export async function settleDiscountsOnPayment(db: Executor, order: { id: number; memberId: number; discountCode: string | null }, firstPurchaseCodes: readonly string[]): Promise<void> {
  const now = new Date();
  if (order.discountCode === DELETE_DISCOUNT_CODE) {
    await db
      .update(memberDiscounts)
      .set({ status: "used", orderId: order.id, usedAt: now })
      .where(and(eq(memberDiscounts.memberId, order.memberId), eq(memberDiscounts.kind, "delete_discount"), eq(memberDiscounts.status, "active")));
  }
  const usedWelcome = order.discountCode !== null && firstPurchaseCodes.includes(order.discountCode);
  await db
    .update(memberDiscounts)
    .set(usedWelcome ? { status: "used", orderId: order.id, usedAt: now } : { status: "ended", endedAt: now })
    .where(and(eq(memberDiscounts.memberId, order.memberId), eq(memberDiscounts.kind, "welcome"), eq(memberDiscounts.status, "active")));
}

/**
 * Support ends a member's welcome discount (docs/product/support.md#personal-discounts): only for
 * a member of the staff member's brands, only while it is active; audited in the same transaction.
 */
export async function endWelcomeDiscount(db: Executor, input: { staff: StaffMember; memberId: number; ip: string | null }, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ siteId: members.siteId })
      .from(members)
      .where(and(eq(members.id, input.memberId), inStaffBrands(input.staff, members.siteId)));
    if (!member) return false;
    const [ended] = await tx
      .update(memberDiscounts)
      .set({ status: "ended", endedAt: now, endedByStaffId: input.staff.id })
      .where(and(eq(memberDiscounts.memberId, input.memberId), eq(memberDiscounts.kind, "welcome"), eq(memberDiscounts.status, "active"), gt(memberDiscounts.expiresAt, now)))
      .returning({ id: memberDiscounts.id, percent: memberDiscounts.percentage });
    if (!ended) return false;
    await recordStaffAction(tx, { staffId: input.staff.id, action: "discount_end", siteId: member.siteId, memberId: input.memberId, details: { kind: "welcome", discount: ended.id, percent: ended.percent }, ip: input.ip });
    return true;
  });
}

/** A member's personal discounts for the support view, newest first. */
export async function discountsOfMember(db: Executor, memberId: number, now = new Date()): Promise<PersonalDiscount[]> {
  const rows = await db.select().from(memberDiscounts).where(eq(memberDiscounts.memberId, memberId)).orderBy(desc(memberDiscounts.createdAt));
  return rows.map((row) => personal(row, now));
}

export interface WelcomeFigures {
  siteId: string;
  granted: number;
  used: number;
}

/** Welcome discounts granted and used per brand since a moment, within the staff member's brands. */
export async function welcomeFigures(db: Executor, staff: Pick<StaffMember, "brands">, since: Date): Promise<WelcomeFigures[]> {
  const rows = await db
    .select({ siteId: members.siteId, granted: sql<number>`count(*)::int`, used: sql<number>`(count(*) filter (where ${memberDiscounts.status} = 'used'))::int` })
    .from(memberDiscounts)
    .innerJoin(members, eq(members.id, memberDiscounts.memberId))
    .where(and(eq(memberDiscounts.kind, "welcome"), gte(memberDiscounts.createdAt, since), inStaffBrands(staff, members.siteId)))
    .groupBy(members.siteId)
    .orderBy(members.siteId);
  return rows;
}

/** Whether this kind's discount may be paid with this method (null: the method is not chosen yet). */
export function allowsMethod(methods: readonly PaymentMethod[] | null | undefined, method: PaymentMethod | null | undefined): boolean {
  return !methods || !method || methods.includes(method);
}
