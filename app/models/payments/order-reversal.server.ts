import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { creditLedger, members, orders } from "../../../db/schema";
import { publishEvent } from "~/models/notifications/member-events.server";
import { recordSecurityEvent } from "~/models/safety/security-events.server";

/** What took money back after payment; each is the ledger reason of its rows. */
export type ReversalKind = "refund" | "chargeback" | "returned_debit";

export interface Reversal {
  orderId: number;
  memberId: number;
  /** Credits taken from the balance by this call. */
  takenCredits: number;
  /** Credits that were not there any more, now owed. */
  debtCredits: number;
  /** Whether the member stopped being premium. */
  premiumEnded: boolean;
}

/**
 * Takes back what a paid order granted once money went back to the buyer
 * (docs/product/payments.md#reversals). `reversedCents` is the provider's running total for the
 * order (Mollie reports amountRefunded and amountChargedBack as totals), so a replayed report
 * changes nothing and a later, larger one takes back only the difference. Credits go in
 * proportion to the money; what the balance no longer holds becomes debt, which blocks spending
 * until a later purchase pays it. When no paid order is left whole, premium ends. All in the
 * ledger, in the caller's transaction, under the order's and the member's row locks.
 */
export async function reverseOrder(db: Executor, input: { orderId: number; reversedCents: number; kind: ReversalKind }): Promise<Reversal | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        memberId: orders.memberId,
        siteId: orders.siteId,
        status: orders.status,
        amountCents: orders.amountCents,
        credits: orders.credits,
        bonusCredits: orders.bonusCredits,
        reversedCents: orders.reversedCents,
        reversedCredits: orders.reversedCredits,
      })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    if (!order || order.status !== "paid") return null;
    const reversedCents = Math.min(order.amountCents, Math.max(0, Math.floor(input.reversedCents)));
    if (reversedCents <= order.reversedCents) return null;

    const granted = order.credits + order.bonusCredits;
    const creditsDue = reversedCents === order.amountCents ? granted : Math.floor((granted * reversedCents) / order.amountCents);
    const toTake = Math.max(0, creditsDue - order.reversedCredits);
    const [member] = await tx.select({ credits: members.credits }).from(members).where(eq(members.id, order.memberId)).for("update");
    const taken = Math.min(toTake, member?.credits ?? 0);
    const debt = toTake - taken;
    const [after] = await tx
      .update(members)
      .set({ credits: sql`${members.credits} - ${taken}`, creditDebt: sql`${members.creditDebt} + ${debt}` })
      .where(eq(members.id, order.memberId))
      .returning({ credits: members.credits });
    await tx.update(orders).set({ reversedCents, reversedCredits: order.reversedCredits + toTake }).where(eq(orders.id, order.id));
    // One row per report total: the unique (reason, reference) refuses a second row for the same report.
    await tx.insert(creditLedger).values({ memberId: order.memberId, delta: -taken, balanceAfter: after!.credits, reason: input.kind, reference: `${order.id}:${reversedCents}` });

    // Premium is the first purchase's gift: it ends when no paid order is left whole.
    const [whole] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.memberId, order.memberId), eq(orders.status, "paid"), ne(orders.id, order.id), sql`${orders.reversedCents} < ${orders.amountCents}`))
      .limit(1);
    const premiumEnded = !whole && reversedCents === order.amountCents;
    if (premiumEnded) await tx.update(members).set({ paidUser: false }).where(eq(members.id, order.memberId));
    await publishEvent(tx, order.memberId, "credits", { credits: after!.credits, orderId: order.id });
    await recordSecurityEvent(tx, { memberId: order.memberId, siteId: order.siteId, kind: "payment_reversed" });
    return { orderId: order.id, memberId: order.memberId, takenCredits: taken, debtCredits: debt, premiumEnded };
  });
}

/**
 * A provider's report of money gone back for a payment (refunds and chargebacks as totals):
 * applied to the payment's order; a chargeback among it names the whole reversal.
 */
export async function applyProviderReversal(
  db: Executor,
  input: { provider: string; paymentId: string; refundedCents: number; chargedBackCents: number },
): Promise<Reversal | null> {
  const total = input.refundedCents + input.chargedBackCents;
  if (total <= 0) return null;
  const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.provider, input.provider), eq(orders.paymentId, input.paymentId)));
  if (!order) return null;
  return reverseOrder(db, { orderId: order.id, reversedCents: total, kind: input.chargedBackCents > 0 ? "chargeback" : "refund" });
}

/** Whether the member owes credits from a reversal: then nothing may be spent. */
export async function hasCreditDebt(db: Executor, memberId: number): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(and(eq(members.id, memberId), gt(members.creditDebt, 0)));
  return row !== undefined;
}
