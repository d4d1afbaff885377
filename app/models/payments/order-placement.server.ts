import { eq } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { members, orders, orderStatusHistory } from "../../../db/schema";
import type { Country } from "~/domain/languages";
import type { Tenant } from "~/tenancy/schema";
import {
  activeDiscount,
  appliesToMethod,
  bestDiscount,
  lookUpDiscount,
  discountedPrice,
  percentOff,
  reserveDiscount,
  type CodeUse,
  type Discount,
  type DiscountError,
  type DiscountMember,
} from "./discounts.server";
import { priceProduct, type PricedProduct, type Product } from "./order-pricing";
import type { PaymentMethod } from "~/domain/payment-methods";

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
  /** The amount the buyer was shown and agreed to; a different price now refuses the order. */
  expectedCents?: number | null;
}

export type PlacedOrder = { ok: true; orderId: number; priced: PricedProduct } | { ok: false; error: DiscountError | "product" | "price_changed" };

export type Quote = { ok: true; priced: PricedProduct; discount: Discount | null } | { ok: false; error: DiscountError | "product" };

/**
 * What the product costs this member now: the list price less the one discount that applies
 * (docs/product/payments.md#one-discount-at-a-time): a typed code when it applies (a code that does
 * not is an error, so the buyer is told) unless the member's own discount (time bonus, welcome,
 * delete discount) takes off more; without a code, the member's own. With a method, a discount
 * limited to other methods does not count. Orders are placed at exactly this price.
 */
export async function quoteOrder(
  db: Executor,
  input: Pick<PlaceOrderInput, "tenant" | "member" | "product" | "country" | "code"> & { method?: PaymentMethod | null },
  use: CodeUse = "shown",
): Promise<Quote> {
  const listed = priceProduct(input.tenant, input.product);
  if (!listed) return { ok: false, error: "product" };
  const method = input.method ?? null;
  const own = await activeDiscount(db, input.tenant, input.member, use, new Date(), method);
  let typed: Discount | null = null;
  if (input.code) {
    const found = await lookUpDiscount(db, { tenant: input.tenant, member: input.member, country: input.country, code: input.code, use });
    if (!found.ok) return found;
    if (!appliesToMethod(found.discount, method)) return { ok: false, error: "method" };
    if (percentOff(found.discount, listed.listCents) === 0) return { ok: false, error: "min_order" };
    typed = found.discount;
  }
  // The member's own discount first: on a tie it is kept, so the typed code stays free.
  const discount = bestDiscount([own, typed], listed.listCents);
  const priced = discountedPrice(input.tenant, input.product, discount)!;
  return { ok: true, priced, discount: priced.discountPercent > 0 ? discount : null };
}

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
      // Read again under the lock: a payment settled a moment ago may have made the member paid.
      const [member] = await tx
        .select({ id: members.id, paidUser: members.paidUser, createdAt: members.createdAt, tracking: members.tracking })
        .from(members)
        .where(eq(members.id, input.member.id))
        .for("update");
      if (!member) return { ok: false, error: "product" } as const;
      const quote = await quoteOrder(tx, { ...input, member }, "placing");
      if (!quote.ok) return quote;
      const { priced, discount } = quote;
      // A discount that ended or was used meanwhile: the buyer sees the new price before paying it.
      if (input.expectedCents != null && input.expectedCents !== priced.amountCents) return { ok: false, error: "price_changed" } as const;
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
          discountCode: discount?.code ?? null,
          discountPercent: priced.discountPercent,
          method: input.method,
          issuer: input.issuer,
          country: input.country,
          repeatOfId: input.repeatOfId ?? null,
          provider: input.provider,
          tracking: member.tracking,
        })
        .returning({ id: orders.id });
      await tx.insert(orderStatusHistory).values({ orderId: order!.id, status: "open", source: "created" });
      if (discount && !(await reserveDiscount(tx, input.member.id, discount.code, order!.id))) throw new CodeTaken();
      return { ok: true, orderId: order!.id, priced } as const;
    });
  } catch (error) {
    if (error instanceof CodeTaken) return { ok: false, error: "used" };
    throw error;
  }
}
