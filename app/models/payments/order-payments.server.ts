import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { creditLedger, members, orders, orderStatusHistory } from "../../../db/schema";
import { publishEvent } from "~/models/notifications/member-events.server";
import { recordPurchase } from "~/models/attribution/conversions.server";
import { FIRST_PURCHASE_CODES } from "./discounts.server";
import { settleDiscountsOnPayment } from "./member-discounts.server";
import { recordSecurityEvent } from "~/models/safety/security-events.server";
import { ordersPaid, revenueCents } from "~/services/metrics/business.server";

export type OrderStatus = (typeof orders.$inferSelect)["status"];

/** Once an order reaches one of these, nothing a provider reports later changes it. */
const FINAL: readonly OrderStatus[] = ["paid", "failed", "canceled", "expired"];

/** The provider created its payment for the order. */
export async function attachPayment(db: Database, orderId: number, paymentId: string): Promise<void> {
  await db.update(orders).set({ paymentId }).where(and(eq(orders.id, orderId), sql`${orders.paymentId} is null`));
}

/**
 * Whether one of our orders was paid through this payment: a webhook asks the provider only about
 * those, so forged ids cost one indexed lookup and no call out (review L-9).
 */
export async function isOwnPayment(db: Database, provider: string, paymentId: string): Promise<boolean> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.provider, provider), eq(orders.paymentId, paymentId))).limit(1);
  return order !== undefined;
}

export interface AppliedStatus {
  orderId: number;
  memberId: number;
  status: OrderStatus;
  /** True only for the one call that granted the credits. */
  granted: boolean;
}

/**
 * Applies what the provider says about a payment to its order (a webhook, or the buyer's return
 * from the checkout). See applyOrderStatus.
 */
export async function applyPaymentStatus(
  db: Database,
  input: { provider: string; paymentId: string; status: OrderStatus; source: string },
): Promise<AppliedStatus | null> {
  return applyOrderStatus(db, and(eq(orders.provider, input.provider), eq(orders.paymentId, input.paymentId))!, input);
}

/** The same for an order known by id (an order whose payment could not even be created fails this way). */
export async function setOrderStatus(db: Executor, orderId: number, input: { status: OrderStatus; source: string }): Promise<AppliedStatus | null> {
  return applyOrderStatus(db, eq(orders.id, orderId), input);
}

/**
 * The order row is locked, so reports of one payment are applied one after another, in whatever
 * order they arrive: a final status never changes again, and "open" or "pending" after "paid" is
 * ignored. The step to paid grants the credits (bundle plus bonus) and makes the member premium
 * (the first purchase, docs/product/payments.md#premium) in the same transaction; the ledger's unique
 * (reason, reference) per order makes a second grant impossible even so.
 */
async function applyOrderStatus(db: Executor, which: SQL, input: { status: OrderStatus; source: string }): Promise<AppliedStatus | null> {
  let paidOrder: { siteId: string; amountCents: number; currency: string } | undefined;
  const applied = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, memberId: orders.memberId, siteId: orders.siteId, status: orders.status, credits: orders.credits, bonusCredits: orders.bonusCredits, amountCents: orders.amountCents, currency: orders.currency, discountCode: orders.discountCode })
      .from(orders)
      .where(which)
      .for("update");
    if (!order) return null;
    const unchanged = { orderId: order.id, memberId: order.memberId, status: order.status, granted: false };
    if (order.status === input.status || FINAL.includes(order.status) || input.status === "open") return unchanged;

    const paid = input.status === "paid";
    await tx
      .update(orders)
      .set({ status: input.status, paidAt: paid ? sql`now()` : undefined })
      .where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({ orderId: order.id, status: input.status, source: input.source });
    if (!paid) {
      await publishEvent(tx, order.memberId, "order", { orderId: order.id });
      return { ...unchanged, status: input.status };
    }

    const total = order.credits + order.bonusCredits;
    // Credits owed from a refund or chargeback are paid out of the new ones first (order-reversal.server.ts).
    const [owing] = await tx.select({ debt: members.creditDebt }).from(members).where(eq(members.id, order.memberId)).for("update");
    const debtPaid = Math.min(owing?.debt ?? 0, total);
    const [member] = await tx
      .update(members)
      .set({ credits: sql`${members.credits} + ${total - debtPaid}`, creditDebt: sql`${members.creditDebt} - ${debtPaid}`, paidUser: true })
      .where(eq(members.id, order.memberId))
      .returning({ credits: members.credits });
    await tx.insert(creditLedger).values({ memberId: order.memberId, delta: total - debtPaid, balanceAfter: member!.credits, reason: "order", reference: String(order.id) });
    await publishEvent(tx, order.memberId, "credits", { credits: member!.credits, orderId: order.id });
    await recordSecurityEvent(tx, { memberId: order.memberId, siteId: order.siteId, kind: "payment" });
    await recordPurchase(tx, order);
    // The personal discount this order used is used now, once (docs/product/payments.md#personal-discounts).
    await settleDiscountsOnPayment(tx, order, FIRST_PURCHASE_CODES);
    paidOrder = order;
    return { ...unchanged, status: input.status, granted: true };
  });
  // Counted once committed (docs/operations.md#metrics).
  if (paidOrder) {
    ordersPaid.inc({ brand: paidOrder.siteId });
    revenueCents.inc({ brand: paidOrder.siteId, currency: paidOrder.currency }, paidOrder.amountCents);
  }
  return applied;
}
