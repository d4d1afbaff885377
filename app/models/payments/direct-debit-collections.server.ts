import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { directDebitBlocks, directDebitRequests, orders } from "../../../db/schema";
import { reverseOrder, type Reversal } from "./order-reversal.server";

/*
 * What the bank later says about a collection of a confirmed direct debit
 * (docs/product/payments.md#direct-debit): it came in (the member's first-time cap lifts), or it
 * came back as an R-transaction (the IBAN and phone are blocked and the credits taken back).
 */

/** The collection of a confirmed request came in. False for an unknown, unconfirmed or returned request. */
export async function markCollected(db: Database, requestId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(directDebitRequests)
    .set({ collectedAt: now })
    .where(and(eq(directDebitRequests.id, requestId), isNotNull(directDebitRequests.orderId), isNull(directDebitRequests.returnedAt), isNull(directDebitRequests.collectedAt)))
    .returning({ id: directDebitRequests.id });
  return rows.length === 1;
}

export type ReturnOutcome = { ok: true; reversal: Reversal | null; already: boolean } | { ok: false; error: "not_found" };

/**
 * A collection came back (SEPA return reason such as AC04 closed account, MD06 disputed by the
 * payer): in one transaction the request is marked, its IBAN and phone go on the block list, and
 * the order's credits are taken back in full (the rest as debt) with premium when it was the
 * only paid order. Entering the same return twice changes nothing.
 */
export async function recordReturnedCollection(db: Database, input: { requestId: number; reason: string; now?: Date }): Promise<ReturnOutcome> {
  const now = input.now ?? new Date();
  const reason = input.reason.trim().slice(0, 40) || "unknown";
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({ id: directDebitRequests.id, orderId: directDebitRequests.orderId, iban: directDebitRequests.iban, phone: directDebitRequests.phone, returnedAt: directDebitRequests.returnedAt })
      .from(directDebitRequests)
      .where(eq(directDebitRequests.id, input.requestId))
      .for("update");
    if (!request?.orderId) return { ok: false, error: "not_found" } as const;
    if (request.returnedAt) return { ok: true, reversal: null, already: true } as const;
    await tx.update(directDebitRequests).set({ returnedAt: now, returnReason: reason }).where(eq(directDebitRequests.id, request.id));
    const note = `returned collection ${reason} (request ${request.id})`;
    await tx
      .insert(directDebitBlocks)
      .values([
        { kind: "iban", value: request.iban, reason: note },
        { kind: "phone", value: request.phone, reason: note },
      ])
      .onConflictDoNothing();
    const [order] = await tx.select({ amountCents: orders.amountCents }).from(orders).where(eq(orders.id, request.orderId));
    const reversal = order ? await reverseOrder(tx, { orderId: request.orderId, reversedCents: order.amountCents, kind: "returned_debit" }) : null;
    return { ok: true, reversal, already: false } as const;
  });
}

/**
 * Returns as the bank's report lists them, one per line: `reference,reason` where the reference is
 * the order's payment id (`dd_<request id>`, the end-to-end id of the collection) or the request id.
 * A header line and blank lines are skipped; each line is answered.
 */
export async function importReturns(db: Database, csv: string): Promise<Array<{ line: number; reference: string; outcome: ReturnOutcome | { ok: false; error: "unreadable" } }>> {
  const results = [];
  const lines = csv.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "" || /^reference\s*[,;]/i.test(line)) continue;
    const [reference = "", reason = ""] = line.split(/[,;]/).map((field) => field.trim().replace(/^"|"$/g, ""));
    const id = Number(reference.replace(/^dd_/, ""));
    const outcome = Number.isSafeInteger(id) && id > 0 ? await recordReturnedCollection(db, { requestId: id, reason }) : ({ ok: false, error: "unreadable" } as const);
    results.push({ line: index + 1, reference, outcome });
  }
  return results;
}
