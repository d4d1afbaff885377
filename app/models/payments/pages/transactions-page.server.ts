import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { members } from "../../../../db/schema";
import { db } from "~/db.server";
import { paymentService } from "~/services/payments/payment-service.server";
import type { Tenant } from "~/tenancy/schema";
import { notFound } from "~/web/http.server";
import { isFailed, isUnsettled, memberOrder, memberOrders, settleFromProvider, type MemberOrder } from "~/models/payments/member-orders.server";
import { parseProduct, productId } from "~/models/payments/order-pricing";
import { offeredMethods } from "./checkout-page.server";
import { CARD_METHODS, type PaymentMethod } from "~/domain/payment-methods";
import type { CurrentMember } from "~/models/members/current-member";

/** How the result page presents an order (docs/product/payments.md#payment-result). */
export type PaymentState = "loading" | "pending" | "completed" | "failed";

/** An order still open after this long is waiting for the buyer or a slow method (bank transfer): pending, not loading. */
const LOADING_MS = 2 * 60 * 1000;
/** The result page asks every 3 s at first, every 15 s after LOADING_MS, and stops after half an hour. */
const REFRESH_FAST_MS = 3000;
const REFRESH_SLOW_MS = 15_000;
const REFRESH_UNTIL_MS = 30 * 60 * 1000;

function stateOf(order: MemberOrder, ageMs: number): PaymentState {
  if (order.status === "paid") return "completed";
  if (isFailed(order.status)) return "failed";
  return order.status === "open" && ageMs < LOADING_MS ? "loading" : "pending";
}

function refreshMs(order: MemberOrder, ageMs: number): number | null {
  if (!isUnsettled(order.status) || ageMs >= REFRESH_UNTIL_MS) return null;
  return ageMs < LOADING_MS ? REFRESH_FAST_MS : REFRESH_SLOW_MS;
}

function orderView(order: MemberOrder, now = Date.now()) {
  const product = parseProduct(order.product);
  const ageMs = now - order.createdAt.getTime();
  return {
    id: order.id,
    state: stateOf(order, ageMs),
    refreshMs: refreshMs(order, ageMs),
    productId: product ? productId(product) : null,
    credits: order.credits + order.bonusCredits,
    amountCents: order.amountCents,
    currency: order.currency,
    method: order.method,
    createdAt: order.createdAt.toISOString(),
  };
}

/**
 * One order's result page. An order not settled yet is asked of the provider first: the buyer
 * may be back from the checkout before the webhook, and a lost webhook must not leave the order
 * hanging while the buyer looks at it.
 */
export async function transactionPage(context: AppLoadContext, input: { tenant: Tenant; member: CurrentMember; orderId: number }) {
  const { tenant, member } = input;
  let order = await memberOrder(db(), { memberId: member.id, siteId: tenant.id, orderId: input.orderId });
  if (!order) notFound();
  if (isUnsettled(order.status)) {
    const status = await settleFromProvider(db(), paymentService(), order);
    if (status !== order.status) order = { ...order, status };
  }
  const [balance] = await db().select({ credits: members.credits }).from(members).where(eq(members.id, member.id));
  const offered = offeredMethods(context, tenant);
  const card = CARD_METHODS.includes(order.method as PaymentMethod);
  return {
    order: orderView(order),
    balance: balance?.credits ?? member.credits,
    /** A failed card payment offers PayPal (docs/product/payments.md#payment-result); a failed repeat by card is the recurring card failure. */
    offerPaypal: card && offered.includes("paypal"),
    recurringCardFailure: card && order.repeatOfId !== null && isFailed(order.status),
  };
}

/** The member's payments, newest first (/transactions without an id). */
export async function transactionList(input: { tenant: Tenant; member: CurrentMember }) {
  const orders = await memberOrders(db(), { memberId: input.member.id, siteId: input.tenant.id, limit: 50 });
  return orders.map(orderView);
}
