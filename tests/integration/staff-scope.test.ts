import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bans, conversations, directDebitBlocks, discountCodes, discountRedemptions, messages, operatorReplies, orders } from "../../db/schema/index";
import { setDatabaseHandle } from "../../db/database.server";
import { loader as auditLoader } from "../../app/routes/staff.audit";
import { loader as auditExport } from "../../app/routes/staff.audit_.export";
import { action as bansAction, loader as bansLoader } from "../../app/routes/staff.bans";
import { action as blocksAction, loader as blocksLoader } from "../../app/routes/staff.console.direct-debit";
import { loader as figuresLoader } from "../../app/routes/staff.figures";
import { action as discountsAction, loader as discountsLoader } from "../../app/routes/staff.console.discounts";
import { recordStaffAction } from "../../app/models/staff/staff-audit.server";
import { createStaff } from "../../app/models/staff/staff-accounts.server";
import type { StaffMember, StaffRole } from "../../app/models/staff/staff-roles";
import { tenants } from "../../app/tenancy/tenants.server";
import { contextFor, formOf } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";

/**
 * One scope rule for the staff area (docs/product/staff.md#brands-and-languages, review N-M-3):
 * each staff route driven as a one-brand admin and a one-brand moderator against another
 * brand's data, through the routes' own loaders and actions.
 */
const handle = testDatabasePerFile();
const OWN = "flirtpunt";
const OTHER = "herchoice";
beforeAll(() => setDatabaseHandle(handle));
afterAll(() => setDatabaseHandle(undefined));

let count = 0;
async function staffMember(roles: StaffRole[], brands: string[]): Promise<StaffMember> {
  count += 1;
  const email = `scope${count}@staff.example`;
  const created = await createStaff(handle.db, { email, name: `Scope ${count}`, roles, brands, languages: [], uiLanguage: "en" });
  if ("error" in created) throw new Error("exists");
  return { id: created.id, email, name: `Scope ${count}`, roles, brands, languages: [], uiLanguage: "en" };
}

const context = (staff: StaffMember) => contextFor(null, { staff, language: "en" });
const get = (path: string) => new Request(`http://staff.example${path}`);
const post = (path: string, fields: Record<string, string>) => new Request(`http://staff.example${path}`, { method: "POST", body: formOf(fields) });
async function status(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run();
    return result instanceof Response ? result.status : (result as { init?: { status?: number } | null })?.init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw thrown;
  }
}

describe("a one-brand admin (review N-M-3)", () => {
  it("reads and exports only the audit entries of their brands", async () => {
    const admin = await staffMember(["admin"], [OWN]);
    await recordStaffAction(handle.db, { staffId: null, action: "login", siteId: OWN, ip: "192.0.2.1" });
    await recordStaffAction(handle.db, { staffId: null, action: "ban", siteId: OTHER, ip: "192.0.2.2", details: { secret: "other-brand" } });
    await recordStaffAction(handle.db, { staffId: null, action: "dd_block_add", ip: "192.0.2.3", details: { value: "NL91ABNA0417164300" } });
    const page = (await auditLoader({ request: get("/staff/audit"), context: context(admin), params: {} })) as { rows: Array<{ siteId: string | null }> };
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((row) => row.siteId === OWN)).toBe(true);
    const exported = await (await auditExport({ request: get("/staff/audit/export?format=json"), context: context(admin), params: {} })).text();
    expect(exported).not.toContain("other-brand");
    expect(exported).not.toContain("NL91ABNA0417164300");
    expect((JSON.parse(exported) as Array<{ siteId: string | null }>).every((row) => row.siteId === OWN)).toBe(true);
  });

  it("cannot create a discount code valid on every brand, nor see another brand's redemptions", async () => {
    const admin = await staffMember(["admin"], [OWN]);
    const reply = await status(() => discountsAction({ request: post("/staff/console/discounts", { code: "SAVE99", percent: "99", brand: "" }), context: context(admin), params: {} }));
    expect(reply).toBe(400);
    expect(await handle.db.select().from(discountCodes).where(eq(discountCodes.code, "SAVE99"))).toEqual([]);

    await handle.db.insert(discountCodes).values({ code: "OWN10", percent: 10, siteId: OWN });
    const buyer = await createMember(handle.db, { tenant: tenants().get(OTHER)!, name: "Buyer" });
    const [order] = await handle.db.insert(orders).values({ memberId: buyer.id, siteId: OTHER, product: "bundle:small", credits: 100, amountCents: 1000, currency: "EUR", method: "ideal", provider: "test", paymentId: "scope-1", status: "paid" }).returning({ id: orders.id });
    await handle.db.insert(discountRedemptions).values({ code: "OWN10", memberId: buyer.id, orderId: order!.id });
    const page = (await discountsLoader({ request: get("/staff/console/discounts?code=OWN10"), context: context(admin), params: {} })) as { open: { redemptions: unknown[] } | null };
    expect(page.open?.redemptions).toEqual([]);
  });

  it("sees the operators' figures of their brands only", async () => {
    const admin = await staffMember(["admin"], [OWN]);
    const operator = await staffMember(["operator"], []);
    const ann = await createMember(handle.db, { tenant: tenants().get(OTHER)!, name: "Ann" });
    const lisa = await createMember(handle.db, { tenant: tenants().get(OTHER)!, name: "Lisa", fictional: true });
    const [conversation] = await handle.db.insert(conversations).values({ memberLow: Math.min(ann.id, lisa.id), memberHigh: Math.max(ann.id, lisa.id), startedBy: ann.id }).returning({ id: conversations.id });
    const [message] = await handle.db.insert(messages).values({ conversationId: conversation!.id, senderId: lisa.id, kind: "text", body: "Hoi" }).returning({ id: messages.id });
    await handle.db.insert(operatorReplies).values({ messageId: message!.id, staffId: operator.id, conversationId: conversation!.id, siteId: OTHER, waitedMs: 1000 });
    const everyBrand = await staffMember(["admin"], []);
    const all = (await figuresLoader({ request: get("/staff/figures"), context: context(everyBrand), params: {} })) as { figures: Array<{ siteId: string }> };
    expect(all.figures.some((row) => row.siteId === OTHER)).toBe(true);
    const mine = (await figuresLoader({ request: get("/staff/figures"), context: context(admin), params: {} })) as { figures: Array<{ siteId: string }> };
    expect(mine.figures).toEqual([]);
  });

  it("gets a 404 for the direct-debit blocks, which hold on every brand, and cannot lift one", async () => {
    const admin = await staffMember(["admin"], [OWN]);
    await handle.db.insert(directDebitBlocks).values({ kind: "iban", value: "NL91ABNA0417164300", reason: "fraud elsewhere" }).onConflictDoNothing();
    expect(await status(() => blocksLoader({ request: get("/staff/console/direct-debit"), context: context(admin), params: {} }))).toBe(404);
    expect(await status(() => blocksAction({ request: post("/staff/console/direct-debit", { intent: "remove", kind: "iban", value: "NL91ABNA0417164300" }), context: context(admin), params: {} }))).toBe(404);
    expect(await handle.db.select().from(directDebitBlocks).where(eq(directDebitBlocks.value, "NL91ABNA0417164300"))).toHaveLength(1);
  });
});

describe("a one-brand moderator (review N-M-3)", () => {
  it("cannot ban an address, phone or IBAN on every brand, and does not see such bans", async () => {
    const moderator = await staffMember(["moderator"], [OWN]);
    const reply = await status(() => bansAction({ request: post("/staff/bans", { kind: "email", value: "someone@else.example", reason: "fraud" }), context: context(moderator), params: {} }));
    expect(reply).toBe(403);
    expect(await handle.db.select().from(bans).where(eq(bans.value, "someone@else.example"))).toEqual([]);
    await handle.db.insert(bans).values({ kind: "phone", value: "+31612345678", reason: "fraud", siteId: null });
    const page = (await bansLoader({ request: get("/staff/bans?q=%2B316"), context: context(moderator), params: {} })) as { bans: unknown[] };
    expect(page.bans).toEqual([]);
  });
});
