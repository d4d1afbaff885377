import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, memberDiscounts, members, orders, staffAudit } from "../../db/schema/index";
import { setDatabaseHandle } from "../../db/database.server";
import { acceptDeleteDiscount } from "../../app/models/accounts/account-deletion.server";
import { createAccount } from "../../app/models/accounts/accounts.server";
import { activeDiscount, lookUpDiscount, WELCOME_CODE } from "../../app/models/payments/discounts.server";
import { DELETE_DISCOUNT_CODE, endWelcomeDiscount, grantWelcomeDiscount, welcomeFigures } from "../../app/models/payments/member-discounts.server";
import { applyPaymentStatus } from "../../app/models/payments/order-payments.server";
import { placeOrder } from "../../app/models/payments/order-placement.server";
import { startCheckout } from "../../app/models/payments/checkout.server";
import { creditOffers, discountFor } from "../../app/models/payments/pages/credit-offers.server";
import { caseDetails, endWelcomeFromCase } from "../../app/models/support/case-handling.server";
import { openCase } from "../../app/models/support/support-cases.server";
import { createStaff } from "../../app/models/staff/staff-accounts.server";
import type { StaffMember } from "../../app/models/staff/staff-roles";
import type { PaymentMethod } from "../../app/domain/payment-methods";
import { LocalPaymentService, localPayment } from "../../app/services/payments/local.server";
import { tenantSchema, type Tenant } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { captureMail } from "../fixtures/mail";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

/*
 * The member's own discounts (docs/product/payments.md#personal-discounts): the delete discount
 * accepted on the deletion page is paid out on the next purchase, once; the welcome discount is a
 * record written at signup, limited to methods, ended by support, reported.
 */
const handle = testDatabasePerFile();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const base = tenantFixture({ id: "alpha" });
const alpha = tenantSchema.parse({
  ...base,
  company: { ...base.company, delete_discount: 30 },
  settings: { ...base.settings, welcome_discount_hours: 72 },
  pricing: { EUR: { bundles: [{ id: "starter", credits: 100, price_cents: 1000 }], premium: base.pricing.EUR!.premium } },
});
const limited = tenantSchema.parse({ ...alpha, settings: { ...alpha.settings, welcome_discount_methods: ["creditcard", "paypal"] } });
const beta = tenantSchema.parse(tenantFixture({ id: "beta" }));
const service = new LocalPaymentService(() => handle.db, () => 0);
const STARTER = { kind: "bundle", id: "starter" } as const;

let mail: ReturnType<typeof captureMail>;
beforeAll(() => {
  setDatabaseHandle(handle);
  mail = captureMail();
});
afterAll(() => {
  mail.restore();
  setDatabaseHandle(undefined);
});

/** A member who paid long ago: no time bonus, no welcome discount. */
async function longtimeMember(tenant: Tenant = alpha) {
  const { member } = await createMember(handle.db, { tenant, paidUser: true, createdAt: new Date(Date.now() - 100 * DAY) });
  return { id: member.id, paidUser: member.paidUser, createdAt: member.createdAt, email: member.email! };
}

const starterPrice = async (member: { id: number; paidUser: boolean; createdAt: Date }, tenant: Tenant = alpha) => {
  const offers = await creditOffers(handle.db, { tenant, member, country: "NL", code: null });
  return { cents: offers.bundles[0]!.amountCents, discount: offers.discount };
};

function checkout(member: { id: number; paidUser: boolean; createdAt: Date }, options: { tenant?: Tenant; method?: PaymentMethod; code?: string | null; expectedCents?: number | null } = {}) {
  return startCheckout(handle.db, service, {
    tenant: options.tenant ?? alpha,
    member,
    product: STARTER,
    country: "NL",
    method: options.method ?? "creditcard",
    issuer: null,
    code: options.code ?? null,
    expectedCents: options.expectedCents ?? null,
    origin: "http://alpha.localhost",
    language: "nl",
    description: (credits) => `Alpha ${credits} credits`,
  });
}

async function settle(orderId: number, status: "paid" | "failed" | "expired") {
  const [row] = await handle.db.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, orderId));
  return applyPaymentStatus(handle.db, { provider: "local", paymentId: row!.paymentId!, status, source: "webhook" });
}

const orderRow = async (orderId: number) => (await handle.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const discountRow = async (memberId: number, kind: string) =>
  (await handle.db.select().from(memberDiscounts).where(and(eq(memberDiscounts.memberId, memberId), eq(memberDiscounts.kind, kind))))[0];

let staffCount = 0;
async function supporter(brands: string[]): Promise<StaffMember> {
  staffCount += 1;
  const email = `money${staffCount}@staff.example`;
  const created = await createStaff(handle.db, { email, name: `Money ${staffCount}`, roles: ["support"], brands, languages: [], uiLanguage: "en" });
  if ("error" in created) throw new Error("exists");
  return { id: created.id, email, name: `Money ${staffCount}`, roles: ["support"], brands, languages: [], uiLanguage: "en" };
}

describe("the delete discount", () => {
  it("lowers /credits once accepted, is charged through the local checkout, and is used by that order only", async () => {
    const member = await longtimeMember();
    expect(await starterPrice(member)).toEqual({ cents: 1000, discount: null });
    expect(await acceptDeleteDiscount(handle.db, alpha, member.id)).toBe(true);

    const shown = await starterPrice(member);
    expect(shown.cents).toBe(700);
    expect(shown.discount).toMatchObject({ kind: "delete_discount", percent: 30, code: DELETE_DISCOUNT_CODE });
    // Valid for 30 days from accepting it.
    expect(Math.abs(new Date(shown.discount!.endsAt!).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

    const started = await checkout(member, { expectedCents: 700 });
    if (!started.ok) throw new Error(started.error);
    const paymentId = started.checkoutUrl.split("/").pop()!;
    expect((await localPayment(handle.db, paymentId))?.amountCents).toBe(700);
    expect(await orderRow(started.orderId)).toMatchObject({ amountCents: 700, discountCode: DELETE_DISCOUNT_CODE, discountPercent: 30 });
    await settle(started.orderId, "paid");

    expect(await discountRow(member.id, "delete_discount")).toMatchObject({ status: "used", orderId: started.orderId });
    // The next purchase is at the full price.
    expect(await starterPrice(member)).toEqual({ cents: 1000, discount: null });
    const second = await checkout(member);
    if (!second.ok) throw new Error(second.error);
    expect(await orderRow(second.orderId)).toMatchObject({ amountCents: 1000, discountCode: null });
    // Accepting it again on the deletion page gives no second one.
    await acceptDeleteDiscount(handle.db, alpha, member.id);
    expect((await starterPrice(member)).cents).toBe(1000);
  });

  it("is given back by a failed or expired payment, and is over after 30 days", async () => {
    const member = await longtimeMember();
    await acceptDeleteDiscount(handle.db, alpha, member.id);
    const failed = await checkout(member);
    if (!failed.ok) throw new Error(failed.error);
    await settle(failed.orderId, "failed");
    const expired = await checkout(member);
    if (!expired.ok) throw new Error(expired.error);
    expect((await orderRow(expired.orderId)).amountCents).toBe(700);
    await settle(expired.orderId, "expired");
    expect((await starterPrice(member)).cents).toBe(700);
    expect(await discountRow(member.id, "delete_discount")).toMatchObject({ status: "active", orderId: null });
    expect(await activeDiscount(handle.db, alpha, member, "shown", new Date(Date.now() + 31 * DAY))).toBeNull();

    const late = await longtimeMember();
    await acceptDeleteDiscount(handle.db, alpha, late.id, new Date(Date.now() - 31 * DAY));
    expect(await starterPrice(late)).toEqual({ cents: 1000, discount: null });
  });

  it("goes to one of two checkouts started at the same moment, and is paid once", async () => {
    const member = await longtimeMember();
    await acceptDeleteDiscount(handle.db, alpha, member.id);
    const both = await Promise.all([checkout(member), checkout(member)]);
    const placed = both.flatMap((result) => (result.ok ? [result.orderId] : []));
    expect(placed).toHaveLength(2);
    for (const orderId of placed) await settle(orderId, "paid");
    const paid = await handle.db.select().from(orders).where(and(eq(orders.memberId, member.id), eq(orders.status, "paid")));
    const discounted = paid.filter((order) => order.discountCode === DELETE_DISCOUNT_CODE);
    expect(discounted).toHaveLength(1);
    expect(discounted[0]!.amountCents).toBe(700);
    expect(await discountRow(member.id, "delete_discount")).toMatchObject({ status: "used", orderId: discounted[0]!.id });
  });

  it("is never added to another discount: the best single one applies", async () => {
    await handle.db.insert(discountCodes).values([
      { code: "SMALL10", percent: 10 },
      { code: "BIG40", percent: 40 },
    ]);
    // A new member: the time bonus (25%) runs, and the delete discount (30%) is better.
    const { member: fresh } = await createMember(handle.db, { tenant: alpha });
    await acceptDeleteDiscount(handle.db, alpha, fresh.id);
    expect(await starterPrice(fresh)).toMatchObject({ cents: 700, discount: { kind: "delete_discount" } });
    expect(await discountFor(handle.db, { tenant: alpha, member: fresh, country: "NL", code: "SMALL10" })).toMatchObject({ code: null, codeError: "weaker", discount: { kind: "delete_discount" } });
    expect(await discountFor(handle.db, { tenant: alpha, member: fresh, country: "NL", code: "BIG40" })).toMatchObject({ code: "BIG40", codeError: null });
    const withBig = await checkout(fresh, { code: "BIG40" });
    if (!withBig.ok) throw new Error(withBig.error);
    expect(await orderRow(withBig.orderId)).toMatchObject({ amountCents: 600, discountCode: "BIG40", discountPercent: 40 });
    // A weaker typed code at the checkout: the member's own discount is charged, not both.
    const member = await longtimeMember();
    await acceptDeleteDiscount(handle.db, alpha, member.id);
    const withSmall = await checkout(member, { code: "SMALL10" });
    if (!withSmall.ok) throw new Error(withSmall.error);
    expect(await orderRow(withSmall.orderId)).toMatchObject({ amountCents: 700, discountCode: DELETE_DISCOUNT_CODE });
  });

  it("is shown to support with its value, end, status and the order that used it", async () => {
    const member = await longtimeMember();
    await acceptDeleteDiscount(handle.db, alpha, member.id);
    const started = await checkout(member);
    if (!started.ok) throw new Error(started.error);
    await settle(started.orderId, "paid");
    const opened = await openCase(handle.db, { siteId: "alpha", memberId: member.id, email: member.email, language: "nl", subject: "payment", message: "Is mijn korting gebruikt?", orderReference: null });
    const details = await caseDetails(handle.db, await supporter(["alpha"]), opened.caseId);
    expect(details?.discounts).toContainEqual(expect.objectContaining({ kind: "delete_discount", percent: 30, status: "used", orderId: started.orderId, expiresAt: expect.any(String) }));
  });
});

describe("the welcome discount record", () => {
  it("is written at signup with its value, currency, end and the brand's methods", async () => {
    const account = await createAccount(handle.db, {
      tenant: limited,
      form: { email: "welkom@example.com", name: "Welkom", password: "zomer-fiets-lamp-42", date_of_birth: "1990-01-01", signup_message: undefined, email_confirmed: undefined },
      tracking: null,
      language: "nl",
      country: null,
    });
    const [member] = await handle.db.select().from(members).where(eq(members.id, account!.memberId));
    const row = await discountRow(account!.memberId, "welcome");
    expect(row).toMatchObject({ percentage: 25, currency: "EUR", status: "active", methods: ["creditcard", "paypal"], orderId: null });
    expect(row!.expiresAt.getTime()).toBe(member!.createdAt.getTime() + 72 * HOUR);
  });

  it("applies only to its methods: another method pays the full price", async () => {
    const { member } = await createMember(handle.db, { tenant: limited, createdAt: new Date(Date.now() - DAY) });
    await grantWelcomeDiscount(handle.db, limited, member);
    // /credits, before a method is chosen, shows it with the methods it needs.
    const offers = await creditOffers(handle.db, { tenant: limited, member, country: "NL", code: null });
    expect(offers.bundles[0]!.amountCents).toBe(750);
    expect(offers.discount).toMatchObject({ kind: "welcome", methods: ["creditcard", "paypal"] });
    expect((await discountFor(handle.db, { tenant: limited, member, country: "NL", code: null, method: "ideal" })).discount).toBeNull();
    expect(await discountFor(handle.db, { tenant: limited, member, country: "NL", code: WELCOME_CODE, method: "ideal" })).toMatchObject({ codeError: "method" });

    const ideal = await placeOrder(handle.db, { tenant: limited, member, product: STARTER, country: "NL", method: "ideal", issuer: null, provider: "local", code: null });
    expect(ideal).toMatchObject({ ok: true, priced: { amountCents: 1000, discountPercent: 0 } });
    expect(await placeOrder(handle.db, { tenant: limited, member, product: STARTER, country: "NL", method: "ideal", issuer: null, provider: "local", code: WELCOME_CODE })).toEqual({ ok: false, error: "method" });
    const card = await checkout(member, { tenant: limited, method: "creditcard", expectedCents: 750 });
    if (!card.ok) throw new Error(card.error);
    expect(await orderRow(card.orderId)).toMatchObject({ amountCents: 750, discountCode: WELCOME_CODE });
    await settle(card.orderId, "paid");
    expect(await discountRow(member.id, "welcome")).toMatchObject({ status: "used", orderId: card.orderId });
  });

  it("is ended by support of the member's brand, audited; support of another brand cannot", async () => {
    const { member } = await createMember(handle.db, { tenant: alpha, createdAt: new Date(Date.now() - DAY) });
    await grantWelcomeDiscount(handle.db, alpha, member);
    const opened = await openCase(handle.db, { siteId: "alpha", memberId: member.id, email: member.email!, language: "nl", subject: "payment", message: "Vraag over mijn korting.", orderReference: null });
    const stranger = await supporter(["beta"]);
    expect(await endWelcomeFromCase(handle.db, { staff: stranger, ip: null, caseId: opened.caseId })).toBe(false);
    expect(await endWelcomeDiscount(handle.db, { staff: stranger, memberId: member.id, ip: null })).toBe(false);
    expect((await activeDiscount(handle.db, alpha, member))?.kind).toBe("welcome");

    const staff = await supporter(["alpha"]);
    expect(await endWelcomeFromCase(handle.db, { staff, ip: "203.0.113.9", caseId: opened.caseId })).toBe(true);
    expect(await discountRow(member.id, "welcome")).toMatchObject({ status: "ended", endedByStaffId: staff.id });
    const audit = await handle.db.select().from(staffAudit).where(and(eq(staffAudit.memberId, member.id), eq(staffAudit.action, "discount_end")));
    expect(audit).toEqual([expect.objectContaining({ staffId: staff.id, siteId: "alpha", details: expect.objectContaining({ kind: "welcome" }) })]);
    expect(await activeDiscount(handle.db, alpha, member)).toBeNull();
    expect(await lookUpDiscount(handle.db, { tenant: alpha, member, country: "NL", code: WELCOME_CODE })).toEqual({ ok: false, error: "expired" });
    // Ending it twice does nothing more.
    expect(await endWelcomeFromCase(handle.db, { staff, ip: null, caseId: opened.caseId })).toBe(false);
    expect((await caseDetails(handle.db, staff, opened.caseId))?.discounts).toContainEqual(expect.objectContaining({ kind: "welcome", status: "ended" }));
  });

  it("is granted on first read to a member from before the records, inside their window only", async () => {
    const { member: recent } = await createMember(handle.db, { tenant: alpha, createdAt: new Date(Date.now() - 10 * HOUR) });
    expect(await discountRow(recent.id, "welcome")).toBeUndefined();
    expect((await activeDiscount(handle.db, alpha, recent))?.kind).toBe("welcome");
    expect(await discountRow(recent.id, "welcome")).toMatchObject({ status: "active", percentage: 25 });
    const { member: old } = await createMember(handle.db, { tenant: alpha, createdAt: new Date(Date.now() - 10 * DAY) });
    expect(await activeDiscount(handle.db, alpha, old)).toBeNull();
    expect(await discountRow(old.id, "welcome")).toBeUndefined();
  });

  it("is counted per brand, granted and used, within the staff member's brands", async () => {
    const { member } = await createMember(handle.db, { tenant: beta, createdAt: new Date(Date.now() - DAY) });
    await grantWelcomeDiscount(handle.db, beta, member);
    for (const name of ["Ada", "Bo"]) {
      const { member: buyer } = await createMember(handle.db, { tenant: alpha, name, createdAt: new Date(Date.now() - DAY) });
      await grantWelcomeDiscount(handle.db, alpha, buyer);
      if (name === "Ada") {
        const bought = await checkout(buyer);
        if (!bought.ok) throw new Error(bought.error);
        await settle(bought.orderId, "paid");
      }
    }
    const since = new Date(Date.now() - 30 * DAY);
    expect(await welcomeFigures(handle.db, { brands: [] }, since)).toEqual([
      { siteId: "alpha", granted: 2, used: 1 },
      { siteId: "beta", granted: 1, used: 0 },
    ]);
    expect(await welcomeFigures(handle.db, { brands: ["beta"] }, since)).toEqual([{ siteId: "beta", granted: 1, used: 0 }]);
  });
});
