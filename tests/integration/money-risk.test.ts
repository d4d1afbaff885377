import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { creditLedger, directDebitBlocks, directDebitRequests, members, orders, smsOutbox } from "../../db/schema/index";
import { setDatabaseHandle } from "../../db/database.server";
import { markCollected, recordReturnedCollection } from "../../app/models/payments/direct-debit-collections.server";
import { requestCode, verifyCode, type MandateDetails } from "../../app/models/payments/direct-debit.server";
import { directDebitPage, submitMandate } from "../../app/models/payments/pages/direct-debit-page.server";
import { reverseOrder } from "../../app/models/payments/order-reversal.server";
import { applyPaymentStatus } from "../../app/models/payments/order-payments.server";
import { sendMessage } from "../../app/models/chat/chat-send.server";
import type { CurrentMember } from "../../app/models/members/current-member";
import { action as webhook } from "../../app/routes/api.payments.webhook.$provider";
import { MolliePaymentService } from "../../app/services/payments/mollie.server";
import { setPaymentService } from "../../app/services/payments/payment-service.server";
import { OutboxSmsService } from "../../app/services/sms/outbox.server";
import { setSmsService } from "../../app/services/sms/sms.server";
import { tenantSchema, type Tenant } from "../../app/tenancy/schema";
import { contextFor, formOf } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { startMollieApi, type MollieApi } from "../fixtures/mollie-api";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();

function brand(id: string, directDebit: Record<string, number> = {}): Tenant {
  const base = tenantFixture({ id, pool: "shared" });
  return tenantSchema.parse({ ...base, settings: { ...base.settings, direct_debit: { limit_cents: 2500, first_limit_cents: 2500, period_days: 30, ...directDebit } } });
}

// One bundle "small": 100 credits for € 10,00.
const alpha = brand("alpha");
const beta = brand("beta");
const BUNDLE = { kind: "bundle", id: "small" } as const;
const LONG_AGO = new Date("2020-01-01T00:00:00Z");
const IBANS = ["NL91ABNA0417164300", "NL20INGB0001234567", "NL02ABNA0123456789", "DE89370400440532013000"];

let seq = 0;
const phone = () => `+3161${String(2000000 + seq++).padStart(7, "0")}`;
const mandate = (iban: string, mobile: string): MandateDetails => ({ accountHolder: "A. Smit", iban, street: "Laan", houseNumber: "1", zip: "1234 AB", city: "Utrecht", phone: mobile });

const addBuyer = async (tenant: Tenant, overrides: { createdAt?: Date; status?: "active" | "not_confirmed"; credits?: number } = {}): Promise<CurrentMember> =>
  (await createMember(handle.db, { tenant, name: `Buyer ${seq++}`, credits: overrides.credits ?? 20, createdAt: overrides.createdAt ?? LONG_AGO, status: overrides.status ?? "active" })).current;
const buyerOf = (member: CurrentMember, tenant: Tenant) => ({ tenant, member, country: "NL" as const, language: "nl" as const, clientIp: `198.51.100.${seq % 200}` });

async function codeSentTo(to: string): Promise<string> {
  const [newest] = await handle.db.select().from(smsOutbox).where(eq(smsOutbox.to, to)).orderBy(desc(smsOutbox.id)).limit(1);
  return /\b(\d{6})\b/.exec(newest?.body ?? "")?.[1] ?? "";
}

/** Asks a code and confirms it: the paid order's id, or the refusal. */
async function buy(member: CurrentMember, tenant: Tenant, details: MandateDetails): Promise<{ orderId: number; requestId: number } | { refused: string }> {
  const asked = await requestCode(handle.db, buyerOf(member, tenant), { product: BUNDLE, code: null, mandate: details });
  if (!asked.ok) return { refused: asked.error };
  const confirmed = await verifyCode(handle.db, buyerOf(member, tenant), { requestId: asked.requestId, code: await codeSentTo(details.phone) });
  return confirmed.ok ? { orderId: confirmed.orderId, requestId: asked.requestId } : { refused: confirmed.error };
}

async function memberRow(id: number) {
  const [row] = await handle.db.select({ credits: members.credits, creditDebt: members.creditDebt, paidUser: members.paidUser }).from(members).where(eq(members.id, id));
  return row!;
}

beforeAll(() => setDatabaseHandle(handle));
afterAll(() => {
  setDatabaseHandle(undefined);
  setSmsService(undefined);
});
beforeEach(() => setSmsService(new OutboxSmsService(() => handle.db)));

describe("direct debit risk controls (review H-1)", () => {
  it("counts one phone across new accounts, fresh IBANs and brands: the attack of the review stops at the limit", async () => {
    const mobile = phone();
    const results = [];
    for (const [i, tenant] of [alpha, beta, alpha].entries()) results.push(await buy(await addBuyer(tenant), tenant, mandate(IBANS[i]!, mobile)));
    expect(results.map((r) => ("refused" in r ? r.refused : "paid"))).toEqual(["paid", "paid", "limit"]);
  });

  it("is not offered to an unconfirmed member nor to an account younger than the brand's hours", async () => {
    const unconfirmed = await addBuyer(alpha, { status: "not_confirmed" });
    const young = await addBuyer(alpha, { createdAt: new Date(Date.now() - 3 * 3_600_000) });
    expect(await directDebitPage(handle.db, buyerOf(unconfirmed, alpha), new URLSearchParams({ product: "small" }))).toMatchObject({ heldBack: { reason: "unconfirmed" } });
    expect(await directDebitPage(handle.db, buyerOf(young, alpha), new URLSearchParams({ product: "small" }))).toMatchObject({ heldBack: { reason: "tooNew", hours: 21 } });
    const mobile = phone();
    expect(await buy(young, alpha, mandate(IBANS[0]!, mobile))).toEqual({ refused: "held_back" });
    expect(await buy(unconfirmed, alpha, mandate(IBANS[0]!, mobile))).toEqual({ refused: "held_back" });
    expect(await handle.db.select().from(smsOutbox).where(eq(smsOutbox.to, mobile))).toEqual([]);
  });

  it("takes mobile numbers of the brand's countries only", async () => {
    const member = await addBuyer(alpha);
    const form = { intent: "mandate", product: "small", account_holder: "A. Smit", iban: IBANS[0]!, street: "Laan", house_number: "1", zip: "1234 AB", city: "Utrecht", consent: "on" };
    const german = await submitMandate(handle.db, buyerOf(member, alpha), formOf({ ...form, phone: "+49 1512 3456789" }));
    expect(!german.ok && german.reply.error).toEqual({ phone: ["directdebit:errors.phone"] });
    const belgian = await submitMandate(handle.db, buyerOf(member, alpha), formOf({ ...form, phone: "+32 470 12 34 56" }));
    expect(belgian.ok).toBe(true);
  });

  it("sends one phone at most five codes a day, whichever members ask", async () => {
    const mobile = phone();
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push((await requestCode(handle.db, buyerOf(await addBuyer(i % 2 ? beta : alpha), i % 2 ? beta : alpha), { product: BUNDLE, code: null, mandate: mandate(IBANS[0]!, mobile) })).ok);
    expect(outcomes).toEqual([true, true, true, true, true, false]);
  });

  it("caps a first-time buyer low until a collection of theirs came in", async () => {
    const generous = brand("generous", { limit_cents: 15000, first_limit_cents: 2000 });
    const member = await addBuyer(generous);
    const mobile = phone();
    const first = await buy(member, generous, mandate(IBANS[1]!, mobile));
    expect(await buy(member, generous, mandate(IBANS[1]!, mobile))).toMatchObject({ orderId: expect.any(Number) });
    expect(await buy(member, generous, mandate(IBANS[1]!, mobile))).toEqual({ refused: "limit" });
    expect(await markCollected(handle.db, "requestId" in first ? first.requestId : 0)).toBe(true);
    expect(await buy(member, generous, mandate(IBANS[1]!, mobile))).toMatchObject({ orderId: expect.any(Number) });
  });

  it("a returned collection blocks IBAN and phone, takes the credits back (the spent rest as debt) and ends premium", async () => {
    const member = await addBuyer(alpha, { credits: 0 });
    const mobile = phone();
    const bought = await buy(member, alpha, mandate(IBANS[2]!, mobile));
    if (!("requestId" in bought)) throw new Error(`not bought: ${bought.refused}`);
    expect(await memberRow(member.id)).toEqual({ credits: 100, creditDebt: 0, paidUser: true });
    await handle.db.update(members).set({ credits: 40 }).where(eq(members.id, member.id));

    const returned = await recordReturnedCollection(handle.db, { requestId: bought.requestId, reason: "MD06" });
    expect(returned).toMatchObject({ ok: true, already: false, reversal: { takenCredits: 40, debtCredits: 60, premiumEnded: true } });
    expect(await memberRow(member.id)).toEqual({ credits: 0, creditDebt: 60, paidUser: false });
    const blocks = await handle.db.select({ kind: directDebitBlocks.kind, value: directDebitBlocks.value }).from(directDebitBlocks);
    expect(blocks).toEqual(expect.arrayContaining([{ kind: "iban", value: IBANS[2] }, { kind: "phone", value: mobile }]));
    const [ledger] = await handle.db.select().from(creditLedger).where(eq(creditLedger.reason, "returned_debit"));
    expect(ledger).toMatchObject({ memberId: member.id, delta: -40, balanceAfter: 0 });
    // Entered twice, or imported after being typed in: nothing more happens.
    expect(await recordReturnedCollection(handle.db, { requestId: bought.requestId, reason: "MD06" })).toMatchObject({ ok: true, already: true });
    expect(await memberRow(member.id)).toEqual({ credits: 0, creditDebt: 60, paidUser: false });
    const [request] = await handle.db.select().from(directDebitRequests).where(eq(directDebitRequests.id, bought.requestId));
    expect(request).toMatchObject({ returnReason: "MD06" });
  });
});

describe("refunds and chargebacks (review M-9)", () => {
  /** A paid order of 100 credits for € 10,00 through the given provider and payment id. */
  async function paidOrder(memberId: number, provider = "test", paymentId = `p_${seq++}`) {
    const [order] = await handle.db
      .insert(orders)
      .values({ memberId, siteId: alpha.id, product: "bundle:small", credits: 100, amountCents: 1000, currency: "EUR", method: "ideal", provider, paymentId })
      .returning({ id: orders.id });
    await applyPaymentStatus(handle.db, { provider, paymentId, status: "paid", source: "webhook" });
    return order!.id;
  }

  it("take back credits in proportion, once per reported total, never below zero, and end premium only when no paid order is left whole", async () => {
    const member = await addBuyer(alpha, { credits: 0 });
    const first = await paidOrder(member.id);
    const second = await paidOrder(member.id);
    expect(await memberRow(member.id)).toEqual({ credits: 200, creditDebt: 0, paidUser: true });

    await reverseOrder(handle.db, { orderId: first, reversedCents: 500, kind: "refund" });
    await reverseOrder(handle.db, { orderId: first, reversedCents: 500, kind: "refund" });
    expect(await memberRow(member.id)).toEqual({ credits: 150, creditDebt: 0, paidUser: true });
    await reverseOrder(handle.db, { orderId: first, reversedCents: 1000, kind: "refund" });
    expect(await memberRow(member.id)).toEqual({ credits: 100, creditDebt: 0, paidUser: true });

    await handle.db.update(members).set({ credits: 30 }).where(eq(members.id, member.id));
    const reversal = await reverseOrder(handle.db, { orderId: second, reversedCents: 1000, kind: "chargeback" });
    expect(reversal).toMatchObject({ takenCredits: 30, debtCredits: 70, premiumEnded: true });
    expect(await memberRow(member.id)).toEqual({ credits: 0, creditDebt: 70, paidUser: false });
    const rows = await handle.db.select({ reason: creditLedger.reason, delta: creditLedger.delta, balanceAfter: creditLedger.balanceAfter }).from(creditLedger).where(eq(creditLedger.memberId, member.id));
    expect(rows.filter((row) => row.reason !== "order")).toEqual([
      { reason: "refund", delta: -50, balanceAfter: 150 },
      { reason: "refund", delta: -50, balanceAfter: 100 },
      { reason: "chargeback", delta: -30, balanceAfter: 0 },
    ]);
  });

  it("debt blocks paid messages until a purchase pays it first", async () => {
    const member = await addBuyer(alpha, { credits: 0 });
    const partner = await createMember(handle.db, { tenant: alpha, name: "Partner" });
    const order = await paidOrder(member.id);
    await handle.db.update(members).set({ credits: 10, freeMessages: 0 }).where(eq(members.id, member.id));
    await reverseOrder(handle.db, { orderId: order, reversedCents: 1000, kind: "chargeback" });
    expect(await memberRow(member.id)).toMatchObject({ credits: 0, creditDebt: 90 });

    await handle.db.update(members).set({ credits: 50 }).where(eq(members.id, member.id));
    const refused = await sendMessage(handle.db, { senderId: member.id, recipientId: partner.id, tenant: alpha, content: { kind: "text", body: "Hoi" } });
    expect(refused).toEqual({ ok: false, reason: "creditDebt" });

    await paidOrder(member.id);
    expect(await memberRow(member.id)).toEqual({ credits: 60, creditDebt: 0, paidUser: true });
    const sent = await sendMessage(handle.db, { senderId: member.id, recipientId: partner.id, tenant: alpha, content: { kind: "text", body: "Hoi" } });
    expect(sent.ok).toBe(true);
  });

  describe("reported by Mollie's webhook", () => {
    let api: MollieApi;
    beforeAll(async () => {
      api = await startMollieApi();
      setPaymentService(new MolliePaymentService({ apiKey: "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM", apiEndpoint: api.url }));
    });
    afterAll(async () => {
      setPaymentService(undefined);
      await api.close();
    });

    const report = (id: string) =>
      webhook({ request: new Request("https://alpha.example/api/payments/webhook/mollie", { method: "POST", body: formOf({ id }) }), context: contextFor(alpha), params: { provider: "mollie" } });

    it("a refund and then a chargeback of a paid payment take the credits back, and a replayed call changes nothing", async () => {
      const member = await addBuyer(alpha, { credits: 0 });
      const { paymentId } = await new MolliePaymentService({ apiKey: "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM", apiEndpoint: api.url }).createPayment({
        orderId: 1, amountCents: 1000, currency: "EUR", description: "Order", method: "ideal", issuer: null, redirectUrl: "https://alpha.example/t", webhookUrl: "https://alpha.example/w", language: "nl",
      });
      await handle.db.insert(orders).values({ memberId: member.id, siteId: alpha.id, product: "bundle:small", credits: 100, amountCents: 1000, currency: "EUR", method: "ideal", provider: "mollie", paymentId });
      api.setStatus(paymentId, "paid");
      expect((await report(paymentId)).status).toBe(200);
      expect(await memberRow(member.id)).toEqual({ credits: 100, creditDebt: 0, paidUser: true });

      api.setReversed(paymentId, { refunded: "2.50" });
      await report(paymentId);
      await report(paymentId);
      expect(await memberRow(member.id)).toEqual({ credits: 75, creditDebt: 0, paidUser: true });

      api.setReversed(paymentId, { chargedBack: "7.50" });
      await report(paymentId);
      expect(await memberRow(member.id)).toEqual({ credits: 0, creditDebt: 0, paidUser: false });
    });
  });
});
