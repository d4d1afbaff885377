import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { conversionEvents, members, orders } from "../../../db/schema";
import type { ConversionEvent } from "~/tenancy/schema";

/**
 * Records a conversion of a member who came from a traffic source with a network
 * (docs/product/site.md#conversion-postbacks), in the caller's transaction: it exists exactly
 * when the event does. A member without a network has nobody to tell; an event recorded before
 * (the same key) is not recorded again.
 */
export async function recordConversion(tx: Executor, input: { memberId: number; event: ConversionEvent; order?: { id: number; amountCents: number; currency: string } }): Promise<void> {
  const [member] = await tx.select({ siteId: members.siteId, tracking: members.tracking }).from(members).where(eq(members.id, input.memberId));
  if (!member?.tracking?.network) return;
  const key = input.event === "purchase" ? `purchase:${input.order!.id}` : `${input.event}:${input.memberId}`;
  await tx
    .insert(conversionEvents)
    .values({ key, siteId: member.siteId, memberId: input.memberId, event: input.event, amountCents: input.order?.amountCents ?? null, currency: input.order?.currency ?? null, tracking: member.tracking })
    .onConflictDoNothing();
}

/** A paid order's conversions: a purchase, and the first purchase when the member had no paid order before. */
export async function recordPurchase(tx: Executor, order: { id: number; memberId: number; amountCents: number; currency: string }): Promise<void> {
  const [earlier] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.memberId, order.memberId), eq(orders.status, "paid"), ne(orders.id, order.id)))
    .limit(1);
  if (!earlier) await recordConversion(tx, { memberId: order.memberId, event: "first_purchase", order });
  await recordConversion(tx, { memberId: order.memberId, event: "purchase", order });
}
