import { redirect, type AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import type { Tenant } from "~/tenancy/schema";
import { buyerCountry, discountFor, discountView, offerFor } from "./credit-offers.server";
import { orderToRepeat } from "~/models/payments/member-orders.server";
import { parseProduct, priceProduct, productId } from "~/models/payments/order-pricing";
import { offeredMethods } from "./checkout-page.server";
import { assertMayBuy } from "./purchase-pause.server";
import { DIRECT_DEBIT, isPaymentMethod, issuersOf } from "~/domain/payment-methods";
import type { CurrentMember } from "~/models/members/current-member";

/**
 * /credits/repeat-order: the member's last order again — the same product and method at today's
 * price and discount. Without an order to repeat, or when the product or method is no longer
 * offered, the member goes where that choice is made.
 */
export async function repeatOrderPage(context: AppLoadContext, input: { tenant: Tenant; member: CurrentMember }) {
  const { tenant, member } = input;
  await assertMayBuy(member.id);
  const last = await orderToRepeat(db(), { memberId: member.id, siteId: tenant.id });
  const product = last ? parseProduct(last.product) : null;
  if (!last || !product) throw redirect("/credits");
  const country = buyerCountry(context, tenant);
  if (!priceProduct(tenant, product)) throw redirect("/credits");
  const method = last.method;
  if (!isPaymentMethod(method) || !offeredMethods(context, tenant).includes(method)) throw redirect(`/credits/${productId(product)}`);
  // Priced for the method repeated: a discount limited to other methods does not count (payments.md#welcome-bonus).
  const { discount } = await discountFor(db(), { tenant, member, country, code: null, method });
  const offer = offerFor(tenant, product, discount);
  if (!offer) throw redirect("/credits");
  if (method === DIRECT_DEBIT) throw redirect(`/directdebit?${new URLSearchParams({ product: offer.id })}`);
  return {
    repeatOfId: last.id,
    product,
    offer,
    currency: tenant.currency,
    method,
    issuers: issuersOf(method),
    discount: discount && offer.discountPercent > 0 ? discountView(discount) : null,
  };
}
