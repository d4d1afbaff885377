import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLedger, memberEvents, members, orders, orderStatusHistory } from "../../db/schema/index";
import { applyPaymentStatus, attachPayment } from "../../app/models/payments/order-payments.server";
import { placeOrder } from "../../app/models/payments/order-placement.server";
import { orderToRepeat } from "../../app/models/payments/member-orders.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
const tenant = tenantSchema.parse(tenantFixture({ id: "alpha" }));


/** A member with 20 credits and an order for the brand's first bundle, paid through `paymentId`. */
async function orderFor(paymentId: string) {
  // Signed up long ago: no welcome discount or time bonus.
  const { member: created } = await createMember(handle.db, { tenant, email: `${paymentId}@example.com`, credits: 20, createdAt: new Date("2020-01-01T00:00:00Z") });
  const memberId = created.id;
  const member = { id: created.id, paidUser: created.paidUser, createdAt: created.createdAt };
  const bundle = tenant.pricing[tenant.currency]!.bundles[0]!;
  const placed = await placeOrder(handle.db, {
    tenant,
    member,
    product: { kind: "bundle", id: bundle.id },
    country: "NL",
    method: "ideal",
    issuer: null,
    provider: "local",
    code: null,
  });
  if (!placed.ok) throw new Error(placed.error);
  await attachPayment(handle.db, placed.orderId, paymentId);
  return { memberId, orderId: placed.orderId, total: bundle.credits + bundle.bonus_credits };
}

const report = (paymentId: string, status: "pending" | "paid" | "failed" | "open" | "canceled") =>
  applyPaymentStatus(handle.db, { provider: "local", paymentId, status, source: "webhook" });

describe("placing an order", () => {
  it("carries the buyer's traffic source from their signup", async () => {
    const { member: created } = await createMember(handle.db, { tenant, email: "sourced@example.com", createdAt: new Date("2020-01-01T00:00:00Z") });
    await handle.db.update(members).set({ tracking: { network: "adnet", click_id: "c-1" } }).where(eq(members.id, created.id));
    const bundle = tenant.pricing[tenant.currency]!.bundles[0]!;
    const placed = await placeOrder(handle.db, { tenant, member: { id: created.id, paidUser: false, createdAt: created.createdAt }, product: { kind: "bundle", id: bundle.id }, country: "NL", method: "ideal", issuer: null, provider: "local", code: null });
    if (!placed.ok) throw new Error(placed.error);
    const [order] = await handle.db.select({ tracking: orders.tracking }).from(orders).where(eq(orders.id, placed.orderId));
    expect(order?.tracking).toEqual({ network: "adnet", click_id: "c-1" });
  });
});

describe("payment reports", () => {
  it("grant the credits exactly once when the same webhook arrives five times at once and out of order", async () => {
    const { memberId, orderId, total } = await orderFor("tr_once");
    const results = await Promise.all([report("tr_once", "paid"), report("tr_once", "pending"), report("tr_once", "paid"), report("tr_once", "open"), report("tr_once", "paid")]);
    expect(results.filter((result) => result?.granted)).toHaveLength(1);
    const [member] = await handle.db.select({ credits: members.credits, paidUser: members.paidUser }).from(members).where(eq(members.id, memberId));
    // The first purchase makes the member premium.
    expect(member).toEqual({ credits: 20 + total, paidUser: true });
    const ledger = await handle.db.select().from(creditLedger).where(eq(creditLedger.memberId, memberId));
    expect(ledger.map((row) => [row.delta, row.balanceAfter, row.reason, row.reference])).toEqual([[total, 20 + total, "order", String(orderId)]]);
    const [order] = await handle.db.select({ status: orders.status, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("paid");
    expect(order!.paidAt).not.toBeNull();
    // A "pending" that arrives after "paid" changes nothing.
    expect(await report("tr_once", "pending")).toMatchObject({ status: "paid", granted: false });
    expect((await handle.db.select().from(creditLedger).where(eq(creditLedger.memberId, memberId))).length).toBe(1);
    // The member's open pages hear of the new balance.
    const events = await handle.db
      .select({ kind: memberEvents.kind, data: memberEvents.data })
      .from(memberEvents)
      .where(and(eq(memberEvents.memberId, memberId), eq(memberEvents.kind, "credits")));
    expect(events).toEqual([{ kind: "credits", data: { credits: 20 + total, orderId } }]);
  });

  it("keep a failed or canceled payment so, and record every step", async () => {
    const { memberId, orderId } = await orderFor("tr_fail");
    expect(await report("tr_fail", "pending")).toMatchObject({ status: "pending", granted: false });
    expect(await report("tr_fail", "failed")).toMatchObject({ status: "failed", granted: false });
    expect(await report("tr_fail", "paid")).toMatchObject({ status: "failed", granted: false });
    const [member] = await handle.db.select({ credits: members.credits, paidUser: members.paidUser }).from(members).where(eq(members.id, memberId));
    expect(member).toEqual({ credits: 20, paidUser: false });
    const history = await handle.db.select({ status: orderStatusHistory.status }).from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(orderStatusHistory.id);
    expect(history.map((row) => row.status)).toEqual(["open", "pending", "failed"]);
  });

  it("ignore a payment id nobody ordered, and one of another provider", async () => {
    await orderFor("tr_known");
    expect(await report("tr_unknown", "paid")).toBeNull();
    expect(await applyPaymentStatus(handle.db, { provider: "mollie", paymentId: "tr_known", status: "paid", source: "webhook" })).toBeNull();
  });
});

describe("the order /credits/repeat-order repeats", () => {
  /** Another order of the member's for the brand's first bundle, reported with `status`. */
  async function another(memberId: number, paymentId: string, status: "paid" | "failed") {
    const bundle = tenant.pricing[tenant.currency]!.bundles[0]!;
    const placed = await placeOrder(handle.db, { tenant, member: { id: memberId, paidUser: true, createdAt: new Date("2020-01-01T00:00:00Z") }, product: { kind: "bundle", id: bundle.id }, country: "NL", method: "ideal", issuer: null, provider: "local", code: null });
    if (!placed.ok) throw new Error(placed.error);
    await attachPayment(handle.db, placed.orderId, paymentId);
    await report(paymentId, status);
    return placed.orderId;
  }

  it("is the newest paid order, before any newer one not paid; else the newest; none for a member without orders or on another site", async () => {
    const { memberId, orderId: first } = await orderFor("tr_repeat_1");
    expect((await orderToRepeat(handle.db, { memberId, siteId: tenant.id }))?.id).toBe(first);
    await report("tr_repeat_1", "failed");
    const paid = await another(memberId, "tr_repeat_2", "paid");
    await another(memberId, "tr_repeat_3", "failed");
    expect(await orderToRepeat(handle.db, { memberId, siteId: tenant.id })).toMatchObject({ id: paid, status: "paid" });
    const newerPaid = await another(memberId, "tr_repeat_4", "paid");
    expect((await orderToRepeat(handle.db, { memberId, siteId: tenant.id }))?.id).toBe(newerPaid);
    expect(await orderToRepeat(handle.db, { memberId, siteId: "another-site" })).toBeNull();
    const { member: none } = await createMember(handle.db, { tenant, email: "no-orders@example.com" });
    expect(await orderToRepeat(handle.db, { memberId: none.id, siteId: tenant.id })).toBeNull();
  });
});
