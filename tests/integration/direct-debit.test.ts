import { readFileSync } from "node:fs";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { creditLedger, directDebitBlocks, directDebitRequests, memberDiscounts, members, orders, smsOutbox } from "../../db/schema/index";
import { setDatabaseHandle } from "../../db/database.server";
import { CODE_LIFETIME_MS, MAX_CODES_PER_HOUR, requestCode, resendCode, verifyCode, type MandateDetails } from "../../app/models/payments/direct-debit.server";
import { directDebitPage, submitCode, submitMandate } from "../../app/models/payments/pages/direct-debit-page.server";
import type { CurrentMember } from "../../app/models/members/current-member";
import { action, loader } from "../../app/routes/_default.directdebit";
import { OutboxSmsService } from "../../app/services/sms/outbox.server";
import { setSmsService } from "../../app/services/sms/sms.server";
import { tenantSchema, type Tenant } from "../../app/tenancy/schema";
import { contextFor, formOf } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { statusOf, thrownStatus } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();

function brand(id: string, directDebit: { enabled?: boolean; limit_cents?: number; period_days?: number; min_account_age_hours?: number; first_limit_cents?: number }, overrides: Record<string, unknown> = {}): Tenant {
  const base = tenantFixture({ id });
  return tenantSchema.parse({ ...base, ...overrides, settings: { ...base.settings, direct_debit: { limit_cents: 2500, period_days: 30, ...directDebit } } });
}

// One bundle "small": 100 credits for € 10,00; at most € 25,00 by direct debit per 30 days.
const alpha = brand("alpha", {});
const other = brand("other", {});
// A brand that offers direct debit from the first hour (the time bonus of new members applies there).
const fresh = brand("fresh", { min_account_age_hours: 0 });
const BUNDLE = { kind: "bundle", id: "small" } as const;
const IBAN = "NL91ABNA0417164300";
// Each test's buyers use a phone of their own: what one phone may order and how many codes it
// gets count across members and brands (review H-1), and tests must not add up.
let phoneSeq = 0;
let PHONE = "+31612345678";
let NATIONAL_PHONE = "06 12345678";
let MANDATE: MandateDetails = { accountHolder: "K. de Vries", iban: IBAN, street: "Dorpsstraat", houseNumber: "12a", zip: "1234 AB", city: "Utrecht", phone: PHONE };
let FORM = {
  intent: "mandate",
  product: "small",
  account_holder: "K. de Vries",
  iban: "nl91 abna 0417 1643 00",
  street: "Dorpsstraat",
  house_number: "12a",
  zip: "1234 AB",
  city: "Utrecht",
  phone: NATIONAL_PHONE,
  consent: "on",
};

/** A member of 20 credits who signed up long ago (no time bonus or welcome discount). */
const addBuyer = async (tenant: Tenant, name: string, createdAt = new Date("2020-01-01T00:00:00Z")): Promise<CurrentMember> => (await createMember(handle.db, { tenant, name, credits: 20, createdAt })).current;

const buyerOf = (member: CurrentMember, tenant = alpha) => ({ tenant, member, country: "NL" as const, language: "nl" as const });

/** The code in the newest SMS to a number. */
async function codeSentTo(phone: string): Promise<string> {
  const [newest] = await handle.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = /\b(\d{6})\b/.exec(newest?.body ?? "")?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

async function requestFor(member: CurrentMember, tenant = alpha): Promise<{ requestId: number; code: string }> {
  const outcome = await requestCode(handle.db, buyerOf(member, tenant), { product: BUNDLE, code: null, mandate: MANDATE });
  if (!outcome.ok) throw new Error(`request refused: ${outcome.error}`);
  return { requestId: outcome.requestId, code: await codeSentTo(PHONE) };
}

/** A code that is certainly not the right one. */
const wrong = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

async function creditsOf(memberId: number) {
  const [row] = await handle.db.select({ credits: members.credits, paidUser: members.paidUser }).from(members).where(eq(members.id, memberId));
  return row!;
}

/** A paid direct-debit order `daysAgo` days back, as if confirmed then. */
async function paidDirectDebit(memberId: number, amountCents: number, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await handle.db.insert(orders).values({
    memberId,
    siteId: alpha.id,
    product: "bundle:small",
    credits: 100,
    amountCents,
    currency: "EUR",
    method: "directdebit",
    provider: "directdebit",
    status: "paid",
    createdAt: at,
    paidAt: at,
  });
}

beforeAll(() => {
  setDatabaseHandle(handle);
});
afterAll(() => {
  setDatabaseHandle(undefined);
  setSmsService(undefined);
});
beforeEach(async () => {
  const digits = String(12345678 + 1000 * phoneSeq++);
  PHONE = `+316${digits}`;
  NATIONAL_PHONE = `06 ${digits}`;
  MANDATE = { ...MANDATE, phone: PHONE };
  FORM = { ...FORM, phone: NATIONAL_PHONE };
  setSmsService(new OutboxSmsService(() => handle.db));
  await handle.db.delete(smsOutbox);
  await handle.db.delete(directDebitBlocks);
});

describe("the mandate form", () => {
  it("refuses an IBAN with a wrong checksum and keeps what was typed", async () => {
    const member = await addBuyer(alpha, "Kim");
    const outcome = await submitMandate(handle.db, buyerOf(member), formOf({ ...FORM, iban: "NL91 ABNA 0417 1643 01" }));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.reply.error).toEqual({ iban: ["directdebit:errors.iban"] });
    expect(outcome.reply.initialValue).toMatchObject({ iban: "NL91 ABNA 0417 1643 01", account_holder: "K. de Vries", phone: NATIONAL_PHONE, consent: "on" });
    expect(await handle.db.select().from(smsOutbox)).toEqual([]);
  });

  it("refuses a landline, an account outside SEPA and a missing consent", async () => {
    const member = await addBuyer(alpha, "Kim");
    const landline = await submitMandate(handle.db, buyerOf(member), formOf({ ...FORM, phone: "020 123 4567" }));
    expect(!landline.ok && landline.reply.error).toEqual({ phone: ["directdebit:errors.phone"] });
    // A valid IBAN of a country outside SEPA (Brazil).
    const outside = await submitMandate(handle.db, buyerOf(member), formOf({ ...FORM, iban: "BR1800360305000010009795493C1" }));
    expect(!outside.ok && outside.reply.error).toEqual({ iban: ["directdebit:errors.iban"] });
    const { consent: _consent, ...withoutConsent } = FORM;
    const unconsented = await submitMandate(handle.db, buyerOf(member), formOf(withoutConsent));
    expect(!unconsented.ok && unconsented.reply.error).toEqual({ consent: ["directdebit:errors.consent"] });
  });

  it("sends the code by SMS to the number in E.164, and keeps only an HMAC of it", async () => {
    const member = await addBuyer(alpha, "Kim");
    const outcome = await submitMandate(handle.db, buyerOf(member), formOf(FORM));
    expect(outcome.ok).toBe(true);
    const outbox = await handle.db.select().from(smsOutbox);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ siteId: "alpha", to: PHONE });
    const code = /\b(\d{6})\b/.exec(outbox[0]!.body)![1]!;
    expect(outbox[0]!.body).toBe(`${code} is je code om de incasso bij Test Site te bevestigen. De code is 10 minuten geldig.`);
    const [request] = await handle.db.select().from(directDebitRequests).where(eq(directDebitRequests.memberId, member.id));
    expect(request).toMatchObject({ iban: IBAN, phone: PHONE, product: "bundle:small", attempts: 0, verifiedAt: null, siteId: "alpha" });
    expect(request!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(request!.codeHash).not.toContain(code);
    const lifetime = request!.expiresAt.getTime() - request!.createdAt.getTime();
    expect(lifetime).toBe(CODE_LIFETIME_MS);
  });

  it("refuses a blocked IBAN and a blocked phone with one message, and sends nothing", async () => {
    const member = await addBuyer(alpha, "Kim");
    await handle.db.insert(directDebitBlocks).values({ kind: "iban", value: IBAN, reason: "charge-back" });
    const byIban = await submitMandate(handle.db, buyerOf(member), formOf(FORM));
    expect(!byIban.ok && byIban.reply.error).toEqual({ "": ["directdebit:errors.blocked"] });

    await handle.db.delete(directDebitBlocks);
    await handle.db.insert(directDebitBlocks).values({ kind: "phone", value: PHONE });
    const byPhone = await submitMandate(handle.db, buyerOf(member), formOf(FORM));
    expect(!byPhone.ok && byPhone.reply.error).toEqual({ "": ["directdebit:errors.blocked"] });
    expect(await handle.db.select().from(smsOutbox)).toEqual([]);
    expect(await handle.db.select().from(directDebitRequests)).toEqual([]);
  });

  it("refuses an order over the limit of the period, and not one below it", async () => {
    const member = await addBuyer(alpha, "Kim");
    // € 10 this month and € 20 two months ago: € 10 + € 10 stays within € 25.
    await paidDirectDebit(member.id, 1000, 3);
    await paidDirectDebit(member.id, 2000, 60);
    expect((await requestCode(handle.db, buyerOf(member), { product: BUNDLE, code: null, mandate: MANDATE })).ok).toBe(true);
    // Another € 10 this month: € 20 + € 10 passes € 25.
    await paidDirectDebit(member.id, 1000, 1);
    const over = await submitMandate(handle.db, buyerOf(member), formOf(FORM));
    expect(!over.ok && over.reply.error).toEqual({ "": ["directdebit:errors.limit"] });
    const page = await directDebitPage(handle.db, buyerOf(member), new URLSearchParams({ product: "small" }));
    expect(page).toMatchObject({ step: "mandate", limitReached: true });
  });

  it("sends at most three codes an hour to a member", async () => {
    const member = await addBuyer(alpha, "Kim");
    for (let i = 0; i < MAX_CODES_PER_HOUR; i++) expect((await requestCode(handle.db, buyerOf(member), { product: BUNDLE, code: null, mandate: MANDATE })).ok).toBe(true);
    const fourth = await submitMandate(handle.db, buyerOf(member), formOf(FORM));
    expect(!fourth.ok && fourth.reply.error).toEqual({ "": ["directdebit:errors.tooManyCodes"] });
    expect(await handle.db.select().from(smsOutbox)).toHaveLength(MAX_CODES_PER_HOUR);
  });

  it("reports an SMS that could not be sent and frees its place in the hourly count", async () => {
    const member = await addBuyer(alpha, "Kim");
    setSmsService({ send: () => Promise.reject(new Error("provider down")) });
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    const outcome = await submitMandate(handle.db, buyerOf(member), formOf(FORM));
    expect(!outcome.ok && outcome.reply.error).toEqual({ "": ["directdebit:errors.sms"] });
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("not sent"), "provider down");
    expect(await handle.db.select().from(directDebitRequests)).toEqual([]);
  });
});

describe("the SMS code", () => {
  it("confirms the mandate: one paid direct-debit order, the credits granted and the member premium", async () => {
    const member = await addBuyer(alpha, "Kim");
    const { requestId, code } = await requestFor(member);
    const outcome = await verifyCode(handle.db, buyerOf(member), { requestId, code });
    expect(outcome.ok).toBe(true);
    const orderId = outcome.ok ? outcome.orderId : 0;
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ memberId: member.id, method: "directdebit", provider: "directdebit", paymentId: `dd_${requestId}`, status: "paid", amountCents: 1000, credits: 100 });
    expect(await creditsOf(member.id)).toEqual({ credits: 120, paidUser: true });
    const [request] = await handle.db.select().from(directDebitRequests).where(eq(directDebitRequests.id, requestId));
    expect(request!.orderId).toBe(orderId);
    expect(request!.verifiedAt).not.toBeNull();
  });

  it("answers a wrong code with 'Code ongeldig', counts it, and kills the request after five", async () => {
    const catalogue = JSON.parse(readFileSync("public/locales/nl/directdebit.json", "utf8")) as { code: { invalid: string } };
    expect(catalogue.code.invalid).toBe("Code ongeldig");
    const member = await addBuyer(alpha, "Kim");
    const { requestId, code } = await requestFor(member);
    const first = await submitCode(handle.db, buyerOf(member), formOf({ intent: "verify", request: String(requestId), code: wrong(code) }));
    expect(first).toMatchObject({ ok: false, attemptsLeft: 4 });
    expect(!first.ok && first.reply.error).toEqual({ code: ["directdebit:code.invalid"] });
    for (const left of [3, 2, 1, 0]) expect(await verifyCode(handle.db, buyerOf(member), { requestId, code: wrong(code) })).toEqual({ ok: false, error: "invalid", attemptsLeft: left });
    const [request] = await handle.db.select({ attempts: directDebitRequests.attempts }).from(directDebitRequests).where(eq(directDebitRequests.id, requestId));
    expect(request!.attempts).toBe(5);
    // Dead: even the right code no longer works, and the member is told to ask for a new one.
    const dead = await submitCode(handle.db, buyerOf(member), formOf({ intent: "verify", request: String(requestId), code }));
    expect(!dead.ok && dead.reply.error).toEqual({ code: ["directdebit:code.dead"] });
    expect(await handle.db.select().from(orders)).toEqual([]);
    expect(await creditsOf(member.id)).toEqual({ credits: 20, paidUser: false });
  });

  it("refuses an expired code", async () => {
    const member = await addBuyer(alpha, "Kim");
    const { requestId, code } = await requestFor(member);
    await handle.db.update(directDebitRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(directDebitRequests.id, requestId));
    expect(await verifyCode(handle.db, buyerOf(member), { requestId, code })).toEqual({ ok: false, error: "expired" });
    expect(await handle.db.select().from(orders)).toEqual([]);
  });

  it("lets a new code replace the old one", async () => {
    const member = await addBuyer(alpha, "Kim");
    const first = await requestFor(member);
    const resent = await resendCode(handle.db, buyerOf(member), first.requestId);
    expect(resent.ok).toBe(true);
    const second = { requestId: resent.ok ? resent.requestId : 0, code: await codeSentTo(PHONE) };
    expect(await verifyCode(handle.db, buyerOf(member), first)).toEqual({ ok: false, error: "expired" });
    expect(await verifyCode(handle.db, buyerOf(member), second)).toMatchObject({ ok: true });
  });

  it("never lets another member's request work, nor one of another brand", async () => {
    const owner = await addBuyer(alpha, "Kim");
    const intruder = await addBuyer(alpha, "Sam");
    const { requestId, code } = await requestFor(owner);
    expect(await verifyCode(handle.db, buyerOf(intruder), { requestId, code })).toEqual({ ok: false, error: "not_found" });
    expect(await thrownStatus(submitCode(handle.db, buyerOf(intruder), formOf({ intent: "verify", request: String(requestId), code })))).toBe(404);
    expect(await thrownStatus(directDebitPage(handle.db, buyerOf(intruder), new URLSearchParams({ request: String(requestId) })))).toBe(404);
    expect((await resendCode(handle.db, buyerOf(intruder), requestId)).ok).toBe(false);
    // The same member id on another brand finds nothing either.
    expect(await verifyCode(handle.db, buyerOf(owner, other), { requestId, code })).toEqual({ ok: false, error: "not_found" });
    const [request] = await handle.db.select().from(directDebitRequests).where(eq(directDebitRequests.id, requestId));
    expect(request!.attempts).toBe(0);
    expect(await handle.db.select().from(orders)).toEqual([]);
  });

  it("creates exactly one order and one credit grant when the right code is sent twice at once", async () => {
    const member = await addBuyer(alpha, "Kim");
    const { requestId, code } = await requestFor(member);
    const results = await Promise.all([
      verifyCode(handle.db, buyerOf(member), { requestId, code }),
      verifyCode(handle.db, buyerOf(member), { requestId, code }),
      verifyCode(handle.db, buyerOf(member), { requestId, code }),
    ]);
    const created = await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.memberId, member.id));
    expect(created).toHaveLength(1);
    // Each confirmation leads to the same order.
    expect(results).toEqual([0, 1, 2].map(() => ({ ok: true, orderId: created[0]!.id })));
    const ledger = await handle.db.select().from(creditLedger).where(and(eq(creditLedger.memberId, member.id), eq(creditLedger.reason, "order")));
    expect(ledger.map((row) => row.delta)).toEqual([100]);
    expect(await creditsOf(member.id)).toEqual({ credits: 120, paidUser: true });
  });

  it("checks the limit again when the code is confirmed, and a block added meanwhile", async () => {
    const member = await addBuyer(alpha, "Kim");
    const { requestId, code } = await requestFor(member);
    await paidDirectDebit(member.id, 2000, 1);
    expect(await verifyCode(handle.db, buyerOf(member), { requestId, code })).toEqual({ ok: false, error: "limit" });
    // The order was rolled back with the rest.
    expect(await handle.db.select().from(orders).where(eq(orders.amountCents, 1000))).toEqual([]);
    await handle.db.delete(orders);
    await handle.db.insert(directDebitBlocks).values({ kind: "phone", value: PHONE });
    expect(await verifyCode(handle.db, buyerOf(member), { requestId, code })).toEqual({ ok: false, error: "blocked" });
    expect(await creditsOf(member.id)).toEqual({ credits: 20, paidUser: false });
  });

  it("counts one account across members: the same IBAN on a new account does not reset the limit", async () => {
    const first = await addBuyer(alpha, "Kim");
    for (let round = 0; round < 2; round++) {
      const { requestId, code } = await requestFor(first);
      expect(await verifyCode(handle.db, buyerOf(first), { requestId, code })).toMatchObject({ ok: true });
    }
    // € 20,00 paid from the account; another € 10,00 from a fresh account would pass € 25,00.
    const second = await addBuyer(alpha, "Sam");
    const refused = await requestCode(handle.db, buyerOf(second), { product: BUNDLE, code: null, mandate: MANDATE });
    expect(refused).toEqual({ ok: false, error: "limit" });
    expect(await creditsOf(second.id)).toEqual({ credits: 20, paidUser: false });
  });

  it("refuses to confirm at a price the member did not agree to", async () => {
    // Signed up 3 h 59 min ago: the time bonus ends while the code is on its way (here: the welcome discount too).
    const member = await addBuyer(fresh, "Kim", new Date(Date.now() - 4 * 60 * 60 * 1000 + 60_000));
    const { requestId, code } = await requestFor(member, fresh);
    const [request] = await handle.db.select().from(directDebitRequests).where(eq(directDebitRequests.id, requestId));
    expect(request!.amountCents).toBe(750);
    const later = new Date(Date.now() + 2 * 60_000);
    const longAgo = new Date(Date.now() - 100 * 60 * 60 * 1000);
    await handle.db.update(members).set({ createdAt: longAgo }).where(eq(members.id, member.id));
    // The welcome discount is a record with its own end (payments.md#welcome-bonus): it ends too.
    await handle.db.update(memberDiscounts).set({ expiresAt: longAgo }).where(eq(memberDiscounts.memberId, member.id));
    expect(await verifyCode(handle.db, buyerOf({ ...member, createdAt: longAgo }, fresh), { requestId, code, now: later })).toEqual({
      ok: false,
      error: "price_changed",
    });
    expect(await handle.db.select().from(orders).where(eq(orders.memberId, member.id))).toEqual([]);
    expect(await creditsOf(member.id)).toEqual({ credits: 20, paidUser: false });
  });

  it("charges a new member the time-bonus price and binds the bonus to the order", async () => {
    const member = await addBuyer(fresh, "Kim", new Date());
    const page = await directDebitPage(handle.db, buyerOf(member, fresh), new URLSearchParams({ product: "small" }));
    expect(page).toMatchObject({ step: "mandate", purchase: { amountCents: 750, listCents: 1000, discountPercent: 25 } });
    const { requestId, code } = await requestFor(member, fresh);
    const outcome = await verifyCode(handle.db, buyerOf(member, fresh), { requestId, code });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, outcome.ok ? outcome.orderId : 0));
    expect(order).toMatchObject({ amountCents: 750, discountCode: "TIMEBONUS25", discountPercent: 25 });
  });
});

describe("the /directdebit route", () => {
  const url = (query: string) => `http://alpha.example/directdebit?${query}`;

  it("is not there for a brand without direct debit or without euros, nor for an unknown product", async () => {
    const member = await addBuyer(alpha, "Kim");
    const disabled = brand("alpha", { enabled: false });
    const pounds = brand("alpha", {}, { currency: "GBP", pricing: { GBP: tenantFixture().pricing.EUR } });
    for (const tenant of [disabled, pounds]) {
      expect(await thrownStatus(loader({ request: new Request(url("product=small")), context: contextFor(tenant, { member }), params: {} }))).toBe(404);
      const post = new Request(url(""), { method: "POST", body: formOf(FORM) });
      expect(await thrownStatus(action({ request: post, context: contextFor(tenant, { member }), params: {} }))).toBe(404);
    }
    expect(await thrownStatus(loader({ request: new Request(url("product=huge")), context: contextFor(alpha, { member }), params: {} }))).toBe(404);
  });

  it("sends a visitor who is not logged in to the login page", async () => {
    expect(await thrownStatus(loader({ request: new Request(url("product=small")), context: contextFor(alpha), params: {} }))).toBe(302);
  });

  it("shows the price in the member's locale, then takes the mandate, the code, and lands on the transaction", async () => {
    const member = await addBuyer(alpha, "Kim");
    const page = await loader({ request: new Request(url("product=small")), context: contextFor(alpha, { member, language: "en" }), params: {} });
    expect(page).toMatchObject({ step: "mandate", price: "€10.00", creditor: "Test B.V." });

    const mandated = await action({ request: new Request(url("product=small"), { method: "POST", body: formOf(FORM) }), context: contextFor(alpha, { member }), params: {} });
    expect(mandated).toBeInstanceOf(Response);
    const location = (mandated as Response).headers.get("location")!;
    expect((mandated as Response).status).toBe(303);
    const requestId = Number(/^\/directdebit\?request=(\d+)$/.exec(location)?.[1]);
    const codeStep = await loader({ request: new Request(`http://alpha.example${location}`), context: contextFor(alpha, { member }), params: {} });
    expect(codeStep).toMatchObject({ step: "code", requestId, phone: `+31 6 ${PHONE.slice(4)}`, state: "open", price: "€\u00a010,00" });

    const code = await codeSentTo(PHONE);
    const verify = (typed: string) => new Request(url(`request=${requestId}`), { method: "POST", body: formOf({ intent: "verify", request: String(requestId), code: typed }) });
    const refused = await action({ request: verify(wrong(code)), context: contextFor(alpha, { member }), params: {} });
    expect(statusOf(refused)).toBe(400);
    const confirmed = await action({ request: verify(code), context: contextFor(alpha, { member }), params: {} });
    const [order] = await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.memberId, member.id));
    expect((confirmed as Response).status).toBe(303);
    expect((confirmed as Response).headers.get("location")).toBe(`/transactions/${order!.id}`);
    // Coming back to the code step of a confirmed request leads to its transaction.
    expect(await thrownStatus(loader({ request: new Request(`http://alpha.example${location}`), context: contextFor(alpha, { member }), params: {} }))).toBe(302);
  });
});
