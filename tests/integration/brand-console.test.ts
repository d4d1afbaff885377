import { describe, expect, it } from "vitest";
import { inArray, sql } from "drizzle-orm";
import { conversations, discountCodes, memberActiveDays, members, messages, orders } from "../../db/schema/index";
import { brandDay, brandFigures, countSiteVisit, refreshBrandFigures } from "../../app/models/console/brand-figures.server";
import { arpu, dayRange, figuresCsv, totalOf, totalsByDay, totalsBySource } from "../../app/models/console/figure-totals";
import { createDiscountCode, discountCodeSchema, endDiscountCode, listDiscountCodes } from "../../app/models/console/discount-codes.server";
import { brandText, saveBrandText } from "../../app/models/console/brand-texts.server";
import { lookUpDiscount } from "../../app/models/payments/discounts.server";
import { findSessionMember, sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import { createStaff } from "../../app/models/staff/staff-accounts.server";
import type { StaffMember } from "../../app/models/staff/staff-roles";
import { tenantSchema } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
const alpha = tenantSchema.parse({ ...tenantFixture({ id: "alpha", pool: "shared" }), timezone: "Europe/Amsterdam" });

async function admin(): Promise<StaffMember> {
  const email = `admin-${Math.random().toString(36).slice(2)}@staff.example`;
  const created = await createStaff(handle.db, { email, name: "Admin", roles: ["admin"], brands: [], languages: [], uiLanguage: "en" });
  if ("error" in created) throw new Error("exists");
  return { id: created.id, email, name: "Admin", roles: ["admin"], brands: [], languages: [], uiLanguage: "en" };
}

describe("brand figures", () => {
  it("count today's visitor, signup, confirmation, first purchase, revenue, message and active member per traffic source", async () => {
    const now = new Date();
    const today = brandDay(alpha, now);
    const tracking = { network: "adnet", ref: "r1", sub1: "s1" };
    await countSiteVisit(handle.db, alpha, tracking);
    await countSiteVisit(handle.db, alpha, tracking);
    await countSiteVisit(handle.db, alpha, null);
    const buyer = await createMember(handle.db, { tenant: alpha, name: "Buyer" });
    const unconfirmed = await createMember(handle.db, { tenant: alpha, name: "Later", status: "not_confirmed" });
    await handle.db.update(members).set({ tracking }).where(inArray(members.id, [buyer.id, unconfirmed.id]));
    const direct = await createMember(handle.db, { tenant: alpha, name: "Direct" });
    const fictional = await createMember(handle.db, { tenant: alpha, name: "Lisa", fictional: true });
    await handle.db.insert(orders).values([
      { memberId: buyer.id, siteId: "alpha", product: "bundle:small", credits: 100, amountCents: 1500, currency: "EUR", method: "ideal", provider: "test", paymentId: "f1", status: "paid", paidAt: now },
      { memberId: buyer.id, siteId: "alpha", product: "bundle:small", credits: 100, amountCents: 1000, currency: "EUR", method: "ideal", provider: "test", paymentId: "f2", status: "paid", paidAt: new Date(now.getTime() + 1000), reversedCents: 400 },
      { memberId: direct.id, siteId: "alpha", product: "bundle:small", credits: 100, amountCents: 2000, currency: "CHF", method: "card", provider: "test", paymentId: "f3", status: "paid", paidAt: now },
      { memberId: direct.id, siteId: "alpha", product: "bundle:small", credits: 100, amountCents: 900, currency: "EUR", method: "card", provider: "test", paymentId: "f4", status: "failed" },
    ]);
    const [conversation] = await handle.db.insert(conversations).values({ memberLow: Math.min(buyer.id, fictional.id), memberHigh: Math.max(buyer.id, fictional.id), startedBy: buyer.id }).returning({ id: conversations.id });
    await handle.db.insert(messages).values([
      { conversationId: conversation!.id, senderId: buyer.id, kind: "text", body: "Hoi" },
      { conversationId: conversation!.id, senderId: buyer.id, kind: "text", body: "Hoe gaat het?" },
      { conversationId: conversation!.id, senderId: fictional.id, kind: "text", body: "Goed!" },
    ]);
    // The member's first request of a session marks them active for the brand's day.
    const cookie = await startSession(handle.db, { memberId: buyer.id, siteId: "alpha", userAgent: null });
    const sessionId = await sessionIdFrom(cookie.split(";")[0]!);
    expect(await findSessionMember(handle.db, sessionId!, "alpha", 30, alpha.timezone)).not.toBeNull();
    expect(await handle.db.select().from(memberActiveDays).where(sql`${memberActiveDays.memberId} = ${buyer.id}`)).toEqual([{ memberId: buyer.id, day: today }]);

    expect(await refreshBrandFigures(handle.db, [alpha], now, 2)).toBeGreaterThan(0);
    // Running it again replaces the rows: nothing is counted twice.
    await refreshBrandFigures(handle.db, [alpha], now, 2);
    const rows = await brandFigures(handle.db, { siteId: "alpha", from: today, until: today });
    const adnet = rows.find((row) => row.network === "adnet")!;
    expect(adnet).toMatchObject({ ref: "r1", sub1: "s1", sub2: "", visitors: 2, signups: 2, confirmed: 1, firstPurchases: 1, purchases: 2, payers: 1, messages: 2, activeMembers: 1, revenue: { EUR: 2100 } });
    const none = rows.find((row) => row.network === "" && row.ref === "")!;
    expect(none).toMatchObject({ visitors: 1, signups: 1, firstPurchases: 1, purchases: 1, revenue: { CHF: 2000 } });
    expect(unconfirmed.id).toBeGreaterThan(0);

    const total = totalOf(rows);
    expect(total).toMatchObject({ signups: 3, purchases: 3, revenue: { EUR: 2100, CHF: 2000 } });
    expect(arpu(total, 1)).toEqual({ EUR: 2100, CHF: 2000 });
    expect(totalsBySource(rows)[0]).toMatchObject({ network: "adnet" });
    const days = dayRange(brandDay(alpha, new Date(now.getTime() - 86_400_000)), today);
    expect(totalsByDay(rows, days).map((day) => day.signups)).toEqual([0, 3]);
    const csv = figuresCsv(rows);
    expect(csv.split("\r\n")[0]).toBe("day,siteId,network,ref,sub1,sub2,sub3,visitors,signups,confirmed,firstPurchases,purchases,payers,messages,activeMembers,revenue_CHF,revenue_EUR");
    expect(csv).toContain(`${today},alpha,adnet,r1,s1,,,2,2,1,1,2,1,2,1,0.00,21.00`);
  });
});

describe("discount codes", () => {
  it("are created once, used up at their limit, and ended at once", async () => {
    const staff = await admin();
    const parsed = discountCodeSchema(["alpha"], { allBrands: true }).parse({ code: " spring-26 ", percent: "20", limit: "1", brand: "alpha", minOrder: "", currency: "", country: "", expires: "" });
    expect(parsed).toMatchObject({ code: "SPRING-26", percent: 20, limit: 1, brand: "alpha" });
    expect(discountCodeSchema(["alpha"], { allBrands: true }).safeParse({ code: "x", percent: "120", brand: "beta" }).success).toBe(false);
    expect(await createDiscountCode(handle.db, staff, null, parsed)).toBe(true);
    expect(await createDiscountCode(handle.db, staff, null, parsed)).toBe(false);

    const first = await createMember(handle.db, { tenant: alpha, name: "First" });
    const second = await createMember(handle.db, { tenant: alpha, name: "Second" });
    const look = (memberId: number) => lookUpDiscount(handle.db, { tenant: alpha, member: { id: memberId, createdAt: new Date(), paidUser: false }, country: "NL", code: "spring-26" });
    expect((await look(first.id)).ok).toBe(true);
    const [order] = await handle.db.insert(orders).values({ memberId: first.id, siteId: "alpha", product: "bundle:small", credits: 100, amountCents: 800, currency: "EUR", method: "ideal", provider: "test", paymentId: "d1", status: "paid", discountCode: "SPRING-26", discountPercent: 20 }).returning({ id: orders.id });
    await handle.db.execute(sql`insert into discount_redemptions (member_id, code, order_id) values (${first.id}, 'SPRING-26', ${order!.id})`);
    expect(await look(second.id)).toEqual({ ok: false, error: "expired" });
    expect((await listDiscountCodes(handle.db, staff)).find((code) => code.code === "SPRING-26")).toMatchObject({ redeemed: 1, maxRedemptions: 1, active: true });

    expect(await endDiscountCode(handle.db, staff, null, "SPRING-26")).toBe(true);
    const [ended] = await handle.db.select({ active: discountCodes.active }).from(discountCodes).where(sql`${discountCodes.code} = 'SPRING-26'`);
    expect(ended?.active).toBe(false);
  });
});

describe("brand texts", () => {
  it("replace the tenant file's text until saved empty", async () => {
    const staff = await admin();
    expect(await brandText(handle.db, alpha, "honest_answer", "de")).toBeNull();
    await saveBrandText(handle.db, staff, null, { tenant: alpha, key: "honest_answer", language: "de", text: "Hier schreiben Moderatoren." });
    expect(await brandText(handle.db, alpha, "honest_answer", "de")).toBe("Hier schreiben Moderatoren.");
    await saveBrandText(handle.db, staff, null, { tenant: alpha, key: "honest_answer", language: "de", text: "  " });
    expect(await brandText(handle.db, alpha, "honest_answer", "de")).toBeNull();
  });
});
