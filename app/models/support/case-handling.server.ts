import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { members, messages, orders, profiles, securityEvents, supportCases, supportMessages } from "../../../db/schema";
import type { CaseStatus } from "~/domain/support-subjects";
import type { PaymentService } from "~/services/payments/payments";
import type { Tenant } from "~/tenancy/schema";
import { recordStaffAction } from "~/models/staff/staff-audit.server";
import type { StaffMember } from "~/models/staff/staff-roles";
import { caseAccessOf, caseMessages, caseInStaffScope } from "./support-cases.server";
import { discountsOfMember, endWelcomeDiscount } from "~/models/payments/member-discounts.server";
import { mailCaseAnswer } from "./case-mails.server";

const DAY_MS = 86_400_000;

/** A case of one of the staff member's brands and languages, or null. */
async function caseFor(db: Executor, staff: Pick<StaffMember, "brands" | "languages">, caseId: number) {
  const [found] = await db
    .select()
    .from(supportCases)
    .where(and(eq(supportCases.id, caseId), caseInStaffScope(staff)));
  return found ?? null;
}

/**
 * Everything support needs to answer a case (docs/product/support.md#the-queue): the thread, the
 * member with their orders and what they did lately.
 */
export async function caseDetails(db: Executor, staff: Pick<StaffMember, "brands" | "languages">, caseId: number, now = new Date()) {
  const found = await caseFor(db, staff, caseId);
  if (!found) return null;
  const memberId = found.memberId;
  const [thread, member, memberOrders, events, [sent], discounts] = await Promise.all([
    caseMessages(db, found.id),
    memberId === null
      ? Promise.resolve(null)
      : db
          .select({ id: members.id, name: profiles.name, status: members.status, credits: members.credits, creditDebt: members.creditDebt, paidUser: members.paidUser, createdAt: members.createdAt, lastActiveAt: profiles.lastActiveAt, email: members.email })
          .from(members)
          .innerJoin(profiles, eq(profiles.memberId, members.id))
          .where(eq(members.id, memberId))
          .then((rows) => rows[0] ?? null),
    memberId === null
      ? Promise.resolve([])
      : db
          .select({ id: orders.id, product: orders.product, amountCents: orders.amountCents, currency: orders.currency, status: orders.status, method: orders.method, provider: orders.provider, paymentId: orders.paymentId, createdAt: orders.createdAt, paidAt: orders.paidAt, reversedCents: orders.reversedCents })
          .from(orders)
          .where(eq(orders.memberId, memberId))
          .orderBy(desc(orders.id))
          .limit(20),
    memberId === null
      ? Promise.resolve([])
      : db.select({ kind: securityEvents.kind, at: securityEvents.createdAt }).from(securityEvents).where(eq(securityEvents.memberId, memberId)).orderBy(desc(securityEvents.id)).limit(10),
    memberId === null
      ? Promise.resolve([{ n: 0 }])
      : db.select({ n: sql<number>`count(*)::int` }).from(messages).where(and(eq(messages.senderId, memberId), gte(messages.createdAt, new Date(now.getTime() - 7 * DAY_MS)))),
    memberId === null ? Promise.resolve([]) : discountsOfMember(db, memberId, now),
  ]);
  return {
    id: found.id,
    reference: found.reference,
    siteId: found.siteId,
    subject: found.subject,
    status: found.status as CaseStatus,
    email: found.email,
    language: found.language,
    orderId: found.orderId,
    orderReference: found.orderReference,
    createdAt: found.createdAt.toISOString(),
    thread,
    member: member ? { ...member, createdAt: member.createdAt.toISOString(), lastActiveAt: member.lastActiveAt.toISOString(), messagesLastWeek: sent?.n ?? 0 } : null,
    orders: memberOrders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString(), paidAt: order.paidAt?.toISOString() ?? null, refundable: order.status === "paid" && order.amountCents > order.reversedCents && order.paymentId !== null })),
    events: events.map((event) => ({ kind: event.kind, at: event.at.toISOString() })),
    /** The member's personal discounts (docs/product/support.md#personal-discounts). */
    discounts: discounts.map((discount) => ({ id: discount.id, kind: discount.kind, percent: discount.percent, currency: discount.currency, expiresAt: discount.expiresAt.toISOString(), status: discount.status, methods: discount.methods, orderId: discount.orderId })),
  };
}

/**
 * Support answers a case: stored, mailed to the customer (their reply comes back to the case),
 * and the case waits for them (or is closed). Audited.
 */
export async function answerCase(db: Database, tenantOf: (siteId: string) => Tenant | undefined, input: { staff: StaffMember; ip: string | null; caseId: number; body: string; status: "waiting" | "closed" }): Promise<boolean> {
  const body = input.body.trim().slice(0, 20_000);
  if (!body) return false;
  const found = await db.transaction(async (tx) => {
    const row = await caseFor(tx, input.staff, input.caseId);
    if (!row) return null;
    await tx.insert(supportMessages).values({ caseId: row.id, author: "staff", staffId: input.staff.id, body, via: "staff" });
    await tx.update(supportCases).set({ status: input.status, updatedAt: new Date() }).where(eq(supportCases.id, row.id));
    await recordStaffAction(tx, { staffId: input.staff.id, action: "case_answer", siteId: row.siteId, memberId: row.memberId, details: { case: row.reference, status: input.status }, ip: input.ip });
    return row;
  });
  const tenant = found ? tenantOf(found.siteId) : undefined;
  const access = found ? caseAccessOf(found) : null;
  if (!found || !tenant || !access) return false;
  await mailCaseAnswer(tenant, found, access, body);
  return true;
}

export async function setCaseStatus(db: Database, input: { staff: StaffMember; ip: string | null; caseId: number; status: CaseStatus }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await caseFor(tx, input.staff, input.caseId);
    if (!row) return false;
    await tx.update(supportCases).set({ status: input.status, updatedAt: new Date() }).where(eq(supportCases.id, row.id));
    await recordStaffAction(tx, { staffId: input.staff.id, action: "case_status", siteId: row.siteId, memberId: row.memberId, details: { case: row.reference, status: input.status }, ip: input.ip });
    return true;
  });
}

/**
 * Support ends the welcome discount of the case's member (docs/product/support.md#personal-discounts):
 * only for a case of the staff member's brands, and the member's brand is checked again; audited.
 */
export async function endWelcomeFromCase(db: Database, input: { staff: StaffMember; ip: string | null; caseId: number }): Promise<boolean> {
  const row = await caseFor(db, input.staff, input.caseId);
  if (!row?.memberId) return false;
  return endWelcomeDiscount(db, { staff: input.staff, memberId: row.memberId, ip: input.ip });
}

export type RefundOutcome = { ok: true } | { ok: false; reason: "notFound" | "amount" | "refused" };

/**
 * Starts a refund of an order of the case's member through its payment provider
 * (docs/product/support.md#refunds). The provider's report then takes the credits back as for
 * any refund (order-reversal.server.ts); here nothing is changed but the audit log.
 */
export async function refundFromCase(
  db: Database,
  payments: (provider: string) => PaymentService | null,
  input: { staff: StaffMember; ip: string | null; caseId: number; orderId: number; amountCents: number },
): Promise<RefundOutcome> {
  const found = await caseFor(db, input.staff, input.caseId);
  if (!found?.memberId) return { ok: false, reason: "notFound" };
  const [order] = await db.select().from(orders).where(and(eq(orders.id, input.orderId), eq(orders.memberId, found.memberId), eq(orders.status, "paid")));
  const service = order ? payments(order.provider) : null;
  if (!order?.paymentId || !service) return { ok: false, reason: "notFound" };
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > order.amountCents - order.reversedCents) return { ok: false, reason: "amount" };
  const refunded = await service.refundPayment({ paymentId: order.paymentId, amountCents: input.amountCents, currency: order.currency, description: `${found.reference} / ${order.id}` });
  await recordStaffAction(db, { staffId: input.staff.id, action: "refund", siteId: found.siteId, memberId: found.memberId, details: { case: found.reference, order: order.id, cents: input.amountCents, currency: order.currency, started: refunded }, ip: input.ip });
  return refunded ? { ok: true } : { ok: false, reason: "refused" };
}
