import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discountCodes, discountRedemptions, orders } from "../../db/schema/index";
import { activeDiscount, lookUpDiscount, TIME_BONUS_CODE, WELCOME_CODE } from "../../app/models/payments/discounts.server";
import { applyPaymentStatus, attachPayment } from "../../app/models/payments/order-payments.server";
import { placeOrder, type PlaceOrderInput } from "../../app/models/payments/order-placement.server";
import { releaseAbandonedCheckouts } from "../../app/models/payments/checkout.server";
import { completeLocalCheckout, LocalPaymentService } from "../../app/services/payments/local.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { discountFor } from "../../app/models/payments/pages/credit-offers.server";
import { RATE_LIMITS } from "../../app/models/safety/rate-limits.server";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
const base = tenantFixture({ id: "alpha" });
const tenant = tenantSchema.parse({
  ...base,
  settings: { ...base.settings, welcome_discount_hours: 72 },
  pricing: {
    EUR: {
      bundles: [
        { id: "starter", credits: 100, price_cents: 1495 },
        { id: "popular", credits: 250, bonus_credits: 25, price_cents: 2995 },
      ],
      premium: base.pricing.EUR!.premium,
    },
  },
});
const other = tenantSchema.parse(tenantFixture({ id: "beta" }));

const HOUR = 60 * 60 * 1000;

async function memberSignedUp(msAgo: number) {
  const { id, paidUser, createdAt } = (await createMember(handle.db, { tenant, createdAt: new Date(Date.now() - msAgo) })).member;
  return { id, paidUser, createdAt };
}

function order(member: PlaceOrderInput["member"], overrides: Partial<PlaceOrderInput> = {}) {
  return placeOrder(handle.db, {
    tenant,
    member,
    product: { kind: "bundle", id: "starter" },
    country: "NL",
    method: "ideal",
    issuer: null,
    provider: "local",
    code: null,
    ...overrides,
  });
}

async function settle(orderId: number, status: "paid" | "failed" | "pending") {
  await attachPayment(handle.db, orderId, `tr_${orderId}`);
  return applyPaymentStatus(handle.db, { provider: "local", paymentId: `tr_${orderId}`, status, source: "webhook" });
}

describe("the active discount", () => {
  it("is the time bonus within four hours of signup, then the welcome discount, then none", async () => {
    const fresh = await memberSignedUp(HOUR);
    expect(await activeDiscount(handle.db, tenant, fresh)).toMatchObject({ code: TIME_BONUS_CODE, percent: 25, kind: "time_bonus" });
    const day = await memberSignedUp(24 * HOUR);
    expect(await activeDiscount(handle.db, tenant, day)).toMatchObject({ code: WELCOME_CODE, percent: 25, kind: "welcome" });
    const old = await memberSignedUp(100 * HOUR);
    expect(await activeDiscount(handle.db, tenant, old)).toBeNull();
    expect(await activeDiscount(handle.db, tenant, { ...fresh, paidUser: true })).toBeNull();
  });

  it("ends the countdown exactly four hours after signup", async () => {
    const member = await memberSignedUp(HOUR);
    const discount = await activeDiscount(handle.db, tenant, member);
    expect(discount!.endsAt!.getTime()).toBe(member.createdAt.getTime() + 4 * HOUR);
  });
});

describe("placing an order", () => {
  it("charges the discounted price computed in integer cents on the server", async () => {
    const member = await memberSignedUp(HOUR);
    const placed = await order(member, { product: { kind: "bundle", id: "popular" } });
    expect(placed).toMatchObject({ ok: true, priced: { listCents: 2995, amountCents: 2246, discountPercent: 25, credits: 250, bonusCredits: 25 } });
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.ok ? placed.orderId : 0));
    expect(row).toMatchObject({ amountCents: 2246, discountCode: TIME_BONUS_CODE, discountPercent: 25, country: "NL", method: "ideal" });
  });

  it("takes TIMEBONUS25 once: a second use after paying is refused as used", async () => {
    const member = await memberSignedUp(HOUR);
    const first = await order(member, { code: "timebonus25" });
    if (!first.ok) throw new Error(first.error);
    expect(first.priced.amountCents).toBe(1121);
    await settle(first.orderId, "paid");
    expect(await lookUpDiscount(handle.db, { tenant, member: { ...member, paidUser: true }, country: "NL", code: TIME_BONUS_CODE })).toEqual({ ok: false, error: "used" });
    expect(await order({ ...member, paidUser: true }, { code: TIME_BONUS_CODE })).toEqual({ ok: false, error: "used" });
  });

  it("frees a code again when its order fails, and holds it while one is pending", async () => {
    const member = await memberSignedUp(HOUR);
    const failed = await order(member, { code: TIME_BONUS_CODE });
    if (!failed.ok) throw new Error(failed.error);
    await settle(failed.orderId, "failed");
    const retry = await order(member, { code: TIME_BONUS_CODE });
    if (!retry.ok) throw new Error(retry.error);
    await settle(retry.orderId, "pending");
    expect(await order(member, { code: TIME_BONUS_CODE })).toEqual({ ok: false, error: "used" });
    const [row] = await handle.db.select().from(discountRedemptions).where(eq(discountRedemptions.memberId, member.id));
    expect(row!.orderId).toBe(retry.orderId);
  });

  it("binds a code to one of two orders placed at the same moment", async () => {
    const member = await memberSignedUp(HOUR);
    const both = await Promise.all([order(member, { code: TIME_BONUS_CODE }), order(member, { code: TIME_BONUS_CODE })]);
    const placed = both.filter((result) => result.ok);
    // Both may be placed (an open order's code is taken over by the next), but only the newest holds it.
    const [row] = await handle.db.select().from(discountRedemptions).where(eq(discountRedemptions.memberId, member.id));
    expect(placed.map((result) => (result.ok ? result.orderId : 0))).toContain(row!.orderId);
    for (const result of placed) if (result.ok && result.orderId !== row!.orderId) await settle(result.orderId, "failed");
    await settle(row!.orderId, "paid");
    expect(await order({ ...member, paidUser: true }, { code: TIME_BONUS_CODE })).toEqual({ ok: false, error: "used" });
  });

  it("gives one first-purchase discount however many checkouts are open", async () => {
    const member = await memberSignedUp(HOUR);
    const first = await order(member, { code: TIME_BONUS_CODE });
    expect(first).toMatchObject({ ok: true, priced: { amountCents: 1121 } });
    // A second checkout while the first is open: neither the time bonus nor the welcome discount again.
    expect(await order(member, { code: TIME_BONUS_CODE })).toEqual({ ok: false, error: "used" });
    expect(await order(member, { code: WELCOME_CODE })).toEqual({ ok: false, error: "used" });
    expect(await order(member)).toMatchObject({ ok: true, priced: { amountCents: 1495, discountPercent: 0 } });
    // An order at a price the buyer was not shown is not placed.
    expect(await order(member, { expectedCents: 1121 })).toEqual({ ok: false, error: "price_changed" });
  });

  it("frees the code of a checkout the member gave up, by cancelling its payment at the provider", async () => {
    const member = await memberSignedUp(HOUR);
    const service = new LocalPaymentService(() => handle.db, () => 0);
    const first = await order(member, { code: TIME_BONUS_CODE });
    if (!first.ok) throw new Error(first.error);
    const payment = await service.createPayment({
      orderId: first.orderId,
      amountCents: first.priced.amountCents,
      currency: "EUR",
      description: "test",
      method: "ideal",
      issuer: null,
      redirectUrl: "http://alpha.localhost/transactions/1",
      webhookUrl: "http://alpha.localhost/api/payments/webhook/local",
      language: "nl",
    });
    await attachPayment(handle.db, first.orderId, payment.paymentId);
    await releaseAbandonedCheckouts(handle.db, service, member.id);
    expect((await service.paymentReport(payment.paymentId))?.status).toBe("canceled");
    const [old] = await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, first.orderId));
    expect(old!.status).toBe("canceled");
    expect(await order(member, { code: TIME_BONUS_CODE })).toMatchObject({ ok: true, priced: { amountCents: 1121 } });
    // The cancelled payment cannot be paid any more.
    expect(await completeLocalCheckout(handle.db, payment.paymentId, "paid", 1)).toBeNull();
  });

  it("refuses the time bonus after four hours, and unknown codes", async () => {
    const member = await memberSignedUp(5 * HOUR);
    expect(await order(member, { code: TIME_BONUS_CODE })).toEqual({ ok: false, error: "expired" });
    expect(await order(member, { code: "NOPE" })).toEqual({ ok: false, error: "not_found" });
  });
});

describe("marketing's codes", () => {
  it("apply with their percentage, minimum order value, country and brand", async () => {
    await handle.db.insert(discountCodes).values([
      { code: "SPRING10", percent: 10, minOrderCents: 2000, currency: "EUR" },
      { code: "BELGIE", percent: 20, country: "BE" },
      { code: "BETAONLY", percent: 30, siteId: other.id },
      { code: "OLD", percent: 30, expiresAt: new Date(Date.now() - HOUR) },
      { code: "OFF", percent: 30, active: false },
    ]);
    const member = await memberSignedUp(100 * HOUR);
    // 2995 × 0.9 = 2695.5 → 2696 (half up); the starter (1495) is below the minimum.
    const spring = await order(member, { code: "spring10", product: { kind: "bundle", id: "popular" } });
    expect(spring).toMatchObject({ ok: true, priced: { amountCents: 2696 } });
    // Held by that open order until it is settled; once it failed, the starter is still below the minimum.
    expect(await order(member, { code: "SPRING10", product: { kind: "bundle", id: "popular" } })).toEqual({ ok: false, error: "used" });
    await settle(spring.ok ? spring.orderId : 0, "failed");
    expect(await order(member, { code: "SPRING10" })).toEqual({ ok: false, error: "min_order" });
    // A code for another country is answered as one that does not exist (review L-9).
    expect(await order(member, { code: "BELGIE" })).toEqual({ ok: false, error: "not_found" });
    expect(await order(member, { code: "BELGIE", country: "BE" })).toMatchObject({ ok: true, priced: { amountCents: 1196 } });
    expect(await order(member, { code: "BETAONLY" })).toEqual({ ok: false, error: "not_found" });
    expect(await order(member, { code: "OLD" })).toEqual({ ok: false, error: "expired" });
    expect(await order(member, { code: "OFF" })).toEqual({ ok: false, error: "not_found" });
    // Nothing was written for the refused ones.
    expect((await handle.db.select().from(orders).where(eq(orders.memberId, member.id))).length).toBe(2);
  });

  it("refuse a code whose minimum is in another currency", async () => {
    await handle.db.insert(discountCodes).values({ code: "ZLOTY", percent: 10, minOrderCents: 1000, currency: "PLN" });
    const member = await memberSignedUp(100 * HOUR);
    expect(await order(member, { code: "ZLOTY" })).toEqual({ ok: false, error: "not_found" });
  });

  it("cannot be used twice once paid", async () => {
    await handle.db.insert(discountCodes).values({ code: "ONCE", percent: 15 });
    const member = await memberSignedUp(100 * HOUR);
    const first = await order(member, { code: "ONCE" });
    if (!first.ok) throw new Error(first.error);
    await settle(first.orderId, "paid");
    expect(await order(member, { code: "ONCE" })).toEqual({ ok: false, error: "used" });
  });
});

describe("trying discount codes", () => {
  it("is throttled per member: past the limit of wrong codes, no code is looked up, not even a right one", async () => {
    await handle.db.insert(discountCodes).values({ code: "RIGHT", percent: 10 });
    const member = await memberSignedUp(100 * HOUR);
    const tryCode = (code: string) => discountFor(handle.db, { tenant, member, country: "NL", code });
    expect((await tryCode("RIGHT")).codeError).toBeNull();
    for (let i = 0; i < RATE_LIMITS.discountCodePerMember.max; i++) expect((await tryCode(`GUESS${i}`)).codeError).toBe("not_found");
    expect((await tryCode("GUESS-MORE")).codeError).toBe("throttled");
    expect((await tryCode("RIGHT")).codeError).toBe("throttled");
    // Another member, even behind the same address, is not held up.
    const other = await memberSignedUp(100 * HOUR);
    expect((await discountFor(handle.db, { tenant, member: other, country: "NL", code: "RIGHT" })).codeError).toBeNull();
  });
});
