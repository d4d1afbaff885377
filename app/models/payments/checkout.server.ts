import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { discountRedemptions, orders } from "../../../db/schema";
import type { PaymentService } from "~/services/payments/payments";
import type { DiscountError } from "./discounts.server";
import { attachPayment, setOrderStatus } from "./order-payments.server";
import { placeOrder, type PlaceOrderInput } from "./order-placement.server";

export interface CheckoutInput extends Omit<PlaceOrderInput, "provider"> {
  /** The site's origin the buyer returns to and the provider reports to. */
  origin: string;
  language: string;
  /** The order's description at the provider, e.g. "Flirtpunt 275 credits". */
  description: (credits: number) => string;
}

export type CheckoutStart = { ok: true; orderId: number; checkoutUrl: string } | { ok: false; error: DiscountError | "product" | "price_changed" | "provider" };

/**
 * Places the order and opens the provider's payment for it. The buyer returns to the order's
 * /transactions page; the provider reports to the webhook. When the provider cannot even create
 * the payment, the order fails at once (which also frees its discount code).
 */
export async function startCheckout(db: Database, service: PaymentService, input: CheckoutInput): Promise<CheckoutStart> {
  await releaseAbandonedCheckouts(db, service, input.member.id);
  const placed = await placeOrder(db, { ...input, provider: service.provider });
  if (!placed.ok) return placed;
  try {
    const payment = await service.createPayment({
      orderId: placed.orderId,
      amountCents: placed.priced.amountCents,
      currency: placed.priced.currency,
      description: input.description(placed.priced.credits + placed.priced.bonusCredits),
      method: input.method,
      issuer: input.issuer,
      redirectUrl: `${input.origin}/transactions/${placed.orderId}`,
      webhookUrl: `${input.origin}/api/payments/webhook/${service.provider}`,
      language: input.language,
    });
    await attachPayment(db, placed.orderId, payment.paymentId);
    return { ok: true, orderId: placed.orderId, checkoutUrl: payment.checkoutUrl };
  } catch (error) {
    console.error(`payment for order ${placed.orderId} could not be created:`, error instanceof Error ? error.message : error);
    await setOrderStatus(db, placed.orderId, { status: "failed", source: "create_failed" });
    return { ok: false, error: "provider" };
  }
}

/**
 * A member who starts a new checkout has given up the ones still open: those holding a discount
 * code are cancelled at the provider, so the code is free for the new order and the old payment
 * can no longer be made at the discount too. A payment the provider cannot cancel keeps its code
 * until it expires there (Mollie reports that), and the new order is placed without it.
 */
export async function releaseAbandonedCheckouts(db: Database, service: PaymentService, memberId: number): Promise<void> {
  const open = await db
    .selectDistinct({ id: orders.id, paymentId: orders.paymentId })
    .from(orders)
    .innerJoin(discountRedemptions, eq(discountRedemptions.orderId, orders.id))
    .where(and(eq(orders.memberId, memberId), eq(orders.status, "open"), eq(orders.provider, service.provider), isNotNull(orders.paymentId)));
  for (const order of open) {
    if (await service.cancelPayment(order.paymentId!)) await setOrderStatus(db, order.id, { status: "canceled", source: "superseded" });
  }
}
