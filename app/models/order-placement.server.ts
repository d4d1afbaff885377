import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { members, orders, orderStatusHistory } from "../../db/schema/index";
import type { Country } from "~/i18n/languages";
import type { Tenant } from "~/tenancy/schema";
import { activeDiscount, lookUpDiscount, percentOff, reserveDiscount, type Discount, type DiscountError, type DiscountMember } from "./discounts.server";
import { priceProduct, type PricedProduct, type Product } from "./order-pricing";
import type { PaymentMethod } from "./payment-methods";

export interface PlaceOrderInput {
  tenant: Tenant;
  member: DiscountMember;
  product: Product;
  country: Country;
  method: PaymentMethod;
  issuer: string | null;
  provider: string;
  /** A code the member typed; without one the active discount (time bonus, welcome) applies. */
  code: string | null;
  repeatOfId?: number | null;
}

export type PlacedOrder = { ok: true; orderId: number; priced: PricedProduct } | { ok: false; error: DiscountError | "product" };

/** Thrown inside the transaction to roll the order back when its code was taken meanwhile. */
class CodeTaken extends Error {}

/**
 * Creates an order at the price computed here, never one the browser sent: the brand's list price
 * in its currency less the discount that applies now. The member's row is locked first, so two
 * orders of one member are placed one after the other and a code is bound to one of them only.
 */
export async function placeOrder(db: Executor, input: PlaceOrderInput): Promise<PlacedOrder> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, input.member.id)).for("update");
      const discount = await discountToApply(tx, input);
      if (!discount.ok) return discount;
      const listed = priceProduct(input.tenant, input.product);
      if (!listed) return { ok: false, error: "product" } as const;
      if (input.code && discount.discount && percentOff(discount.discount, listed.listCents) === 0) return { ok: false, error: "min_order" } as const;
      const percent = percentOff(discount.discount, listed.listCents);
      const priced = percent > 0 ? priceProduct(input.tenant, input.product, percent)! : listed;
      const [order] = await tx
        .insert(orders)
        .values({
          memberId: input.member.id,
          siteId: input.tenant.id,
          product: priced.product,
          credits: priced.credits,
          bonusCredits: priced.bonusCredits,
          amountCents: priced.amountCents,
          currency: priced.currency,
          discountCode: percent > 0 ? discount.discount!.code : null,
          discountPercent: percent,
          method: input.method,
          issuer: input.issuer,
          country: input.country,
          repeatOfId: input.repeatOfId ?? null,
          provider: input.provider,
        })
        .returning({ id: orders.id });
      await tx.insert(orderStatusHistory).values({ orderId: order!.id, status: "open", source: "created" });
      if (percent > 0 && !(await reserveDiscount(tx, input.member.id, discount.discount!.code, order!.id))) throw new CodeTaken();
      return { ok: true, orderId: order!.id, priced } as const;
    });
  } catch (error) {
    if (error instanceof CodeTaken) return { ok: false, error: "used" };
    throw error;
  }
}

async function discountToApply(db: Executor, input: PlaceOrderInput): Promise<{ ok: true; discount: Discount | null } | { ok: false; error: DiscountError }> {
  if (!input.code) return { ok: true, discount: await activeDiscount(db, input.tenant, input.member) };
  const found = await lookUpDiscount(db, { tenant: input.tenant, member: input.member, country: input.country, code: input.code });
  return found.ok ? { ok: true, discount: found.discount } : found;
}
