import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { preparedPerDatabase, prepareTimed } from "../../../db/prepared.server";
import { orders } from "../../../db/schema";
import type { PaymentService } from "~/services/payments/payments";
import { applyPaymentStatus, type OrderStatus } from "./order-payments.server";

const ORDER_COLUMNS = {
  id: orders.id,
  product: orders.product,
  credits: orders.credits,
  bonusCredits: orders.bonusCredits,
  amountCents: orders.amountCents,
  currency: orders.currency,
  discountCode: orders.discountCode,
  discountPercent: orders.discountPercent,
  method: orders.method,
  issuer: orders.issuer,
  provider: orders.provider,
  paymentId: orders.paymentId,
  status: orders.status,
  repeatOfId: orders.repeatOfId,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

export type MemberOrder = NonNullable<Awaited<ReturnType<typeof memberOrder>>>;

/** One of the member's own orders on this site; null for anybody else's (the page answers 404). */
export async function memberOrder(db: Database, input: { memberId: number; siteId: string; orderId: number }) {
  const [order] = await db
    .select(ORDER_COLUMNS)
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.memberId, input.memberId), eq(orders.siteId, input.siteId)));
  return order ?? null;
}

/** The member's orders, newest first (the transactions overview). */
export async function memberOrders(db: Database, input: { memberId: number; siteId: string; limit: number }) {
  return db
    .select(ORDER_COLUMNS)
    .from(orders)
    .where(and(eq(orders.memberId, input.memberId), eq(orders.siteId, input.siteId)))
    .orderBy(desc(orders.id))
    .limit(input.limit);
}

/** /credits asks on every visit whether there is an order to repeat: one prepared statement. */
const repeatable = preparedPerDatabase((db: Database) =>
  prepareTimed(
    db
      .select(ORDER_COLUMNS)
      .from(orders)
      .where(and(eq(orders.memberId, sql.placeholder("memberId")), eq(orders.siteId, sql.placeholder("siteId"))))
      .orderBy(sql`${orders.status} = 'paid' desc`, desc(orders.id))
      .limit(1),
    "order_to_repeat",
  ),
);

/** What /credits/repeat-order repeats: the newest paid order, else the newest order at all. */
export async function orderToRepeat(db: Database, input: { memberId: number; siteId: string }) {
  const [order] = await repeatable(db).execute(input);
  return order ?? null;
}

const UNSETTLED: OrderStatus[] = ["open", "pending"];

/**
 * Asks the provider about an order that is not settled yet (the buyer is back from the checkout
 * before the webhook arrived, or the webhook failed) and applies the answer like a webhook.
 * Returns the order's status afterwards.
 */
export async function settleFromProvider(db: Database, service: PaymentService, order: { provider: string; paymentId: string | null; status: OrderStatus }): Promise<OrderStatus> {
  if (!UNSETTLED.includes(order.status) || !order.paymentId || order.provider !== service.provider) return order.status;
  const report = await service.paymentReport(order.paymentId);
  if (!report) return order.status;
  const applied = await applyPaymentStatus(db, { provider: service.provider, paymentId: order.paymentId, status: report.status, source: "return" });
  return applied?.status ?? order.status;
}

export function isUnsettled(status: OrderStatus): boolean {
  return UNSETTLED.includes(status);
}

const FAILED: OrderStatus[] = ["failed", "canceled", "expired"];

/** Statuses the result page shows as failed or cancelled (docs/product/payments.md#payment-result). */
export function isFailed(status: OrderStatus): boolean {
  return FAILED.includes(status);
}
