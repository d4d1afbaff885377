import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, staffAudit, supportCases } from "../../db/schema/index";
import { accessFromMailboxHash, addCustomerMessage, caseQueue, customerCase, openCase } from "../../app/models/support/support-cases.server";
import { answerCase, caseDetails, refundFromCase, setCaseStatus } from "../../app/models/support/case-handling.server";
import { mailCaseOpened } from "../../app/models/support/case-mails.server";
import { submitComplaint } from "../../app/models/support/pages/complaint-page.server";
import { setDatabaseHandle } from "../../db/database.server";
import { contextFor, formOf } from "../fixtures/context";
import { readPostmarkInbound } from "../../app/models/support/inbound-mail";
import { createStaff } from "../../app/models/staff/staff-accounts.server";
import type { StaffMember } from "../../app/models/staff/staff-roles";
import type { PaymentService } from "../../app/services/payments/payments";
import { tenantSchema } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { captureMail, linkIn } from "../fixtures/mail";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";
import { loader as caseLoader } from "../../app/routes/_default.complaints_.$reference";

const handle = testDatabasePerFile();
const alpha = tenantSchema.parse(tenantFixture({ id: "alpha", pool: "shared" }));
let mail: ReturnType<typeof captureMail>;
beforeAll(() => {
  mail = captureMail();
  setDatabaseHandle(handle);
});
afterAll(() => {
  mail.restore();
  setDatabaseHandle(undefined);
});

let staffCount = 0;
async function supporter(brands: string[] = []): Promise<StaffMember> {
  staffCount += 1;
  const email = `support${staffCount}@staff.example`;
  const created = await createStaff(handle.db, { email, name: `Sup ${staffCount}`, roles: ["support"], brands, languages: [], uiLanguage: "en" });
  if ("error" in created) throw new Error("exists");
  return { id: created.id, email, name: `Sup ${staffCount}`, roles: ["support"], brands, languages: [], uiLanguage: "en" };
}

describe("support cases", () => {
  it("a visitor's complaint gets a case number by mail; replies by link and by mail go to the same case; support's answer is mailed", async () => {
    mail.sent.length = 0;
    const opened = await openCase(handle.db, { siteId: "alpha", memberId: null, email: "visitor@example.com", language: "de", subject: "other", message: "Ich habe eine Frage zu eurer Seite.", orderReference: null });
    expect(opened.reference).toMatch(/^K-[A-Z2-9]{8}$/);
    await mailCaseOpened(alpha, { email: "visitor@example.com", name: "", language: "de", reference: opened.reference }, opened);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.subject).toContain(opened.reference);
    const replyTo = mail.sent[0]!.headers?.["Reply-To"] ?? "";
    const hash = /\+([^@]+)@/.exec(replyTo)?.[1] ?? "";
    expect(accessFromMailboxHash(hash)).toEqual({ reference: opened.reference, token: opened.token });
    const link = new URL(linkIn(mail.sent[0]!, `/complaints/${opened.reference}`));
    expect(link.searchParams.get("t")).toBe(opened.token);

    expect(await customerCase(handle.db, { reference: opened.reference, token: "wrong-token-value" }, "alpha")).toBeNull();
    expect(await customerCase(handle.db, opened, "beta")).toBeNull();
    expect(await addCustomerMessage(handle.db, { reference: opened.reference, token: "wrong-token-value" }, { body: "forged", via: "form" })).toBe(false);

    const supportMember = await supporter();
    mail.sent.length = 0;
    expect(await answerCase(handle.db, (id) => (id === "alpha" ? alpha : undefined), { staff: supportMember, ip: null, caseId: opened.caseId, body: "Gern helfen wir dir.", status: "waiting" })).toBe(true);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.to).toBe("visitor@example.com");
    expect(mail.sent[0]!.text).toContain("Gern helfen wir dir.");
    expect(mail.sent[0]!.headers?.["Reply-To"]).toBe(replyTo);

    const inbound = readPostmarkInbound({ MailboxHash: hash, StrippedTextReply: "Danke, noch eine Frage.", TextBody: "Danke, noch eine Frage.\n> quoted" });
    expect(await addCustomerMessage(handle.db, accessFromMailboxHash(inbound!.mailboxHash)!, { body: inbound!.body, via: "mail" })).toBe(true);
    const seen = await customerCase(handle.db, opened, "alpha");
    expect(seen?.status).toBe("open");
    expect(seen?.messages.map((message) => [message.author, message.via, message.body])).toEqual([
      ["customer", "form", "Ich habe eine Frage zu eurer Seite."],
      ["staff", "staff", "Gern helfen wir dir."],
      ["customer", "mail", "Danke, noch eine Frage."],
    ]);
    expect(await setCaseStatus(handle.db, { staff: supportMember, ip: null, caseId: opened.caseId, status: "closed" })).toBe(true);
    expect((await caseQueue(handle.db, { brands: [], languages: [] }, "closed")).some((item) => item.id === opened.caseId)).toBe(true);
    const audit = await handle.db.select({ action: staffAudit.action }).from(staffAudit).where(eq(staffAudit.staffId, supportMember.id));
    expect(audit.map((entry) => entry.action)).toEqual(["case_answer", "case_status"]);
  });

  it("never mails what a visitor wrote to the address they typed, and mails one address a few acknowledgements a day at most", async () => {
    mail.sent.length = 0;
    const phishing = "Your subscription will be charged EUR 89, cancel here: https://evil.example/cancel";
    const post = (email: string) => submitComplaint(formOf({ subject: "other", message: phishing, email }), alpha, contextFor(alpha));
    const first = await post("victim@example.com");
    expect(first.ok).toBe(true);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.to).toBe("victim@example.com");
    expect(mail.sent[0]!.text).toContain(first.ok ? first.reference : "?");
    expect(mail.sent[0]!.text).not.toContain("evil.example");
    expect(mail.sent[0]!.html).not.toContain("evil.example");
    // Each post from another address: the recipient's own daily limit still stops the flood.
    for (let i = 0; i < 5; i += 1) await post("Victim@example.com");
    expect(mail.sent.length).toBeLessThanOrEqual(3);
    const refused = await post("victim@example.com");
    expect(refused.ok).toBe(false);
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("links the order a member names only when it is theirs, and keeps support to their brands", async () => {
    const buyer = await createMember(handle.db, { tenant: alpha, name: "Buyer" });
    const other = await createMember(handle.db, { tenant: alpha, name: "Other" });
    const [order] = await handle.db.insert(orders).values({ memberId: buyer.id, siteId: "alpha", product: "bundle:small", credits: 100, amountCents: 1000, currency: "EUR", method: "ideal", provider: "test", paymentId: "tr_paid_1", status: "paid" }).returning({ id: orders.id });
    const mine = await openCase(handle.db, { siteId: "alpha", memberId: buyer.id, email: buyer.member.email!, language: "nl", subject: "payment", message: "Ik ben twee keer betaald.", orderReference: `#${order!.id}` });
    const notMine = await openCase(handle.db, { siteId: "alpha", memberId: other.id, email: other.member.email!, language: "nl", subject: "payment", message: "Dit is mijn bestelling.", orderReference: String(order!.id) });
    const [linked] = await handle.db.select({ orderId: supportCases.orderId }).from(supportCases).where(eq(supportCases.id, mine.caseId));
    const [unlinked] = await handle.db.select({ orderId: supportCases.orderId, reference: supportCases.orderReference }).from(supportCases).where(eq(supportCases.id, notMine.caseId));
    expect(linked?.orderId).toBe(order!.id);
    expect(unlinked).toEqual({ orderId: null, reference: String(order!.id) });

    expect(await caseDetails(handle.db, await supporter(["beta"]), mine.caseId)).toBeNull();
    const details = await caseDetails(handle.db, await supporter(), mine.caseId);
    expect(details?.member?.id).toBe(buyer.id);
    expect(details?.orders).toEqual([expect.objectContaining({ id: order!.id, refundable: true })]);
  });

  it("starts a refund through the order's provider, never more than is left, and audits it", async () => {
    const buyer = await createMember(handle.db, { tenant: alpha, name: "Refund" });
    const [order] = await handle.db.insert(orders).values({ memberId: buyer.id, siteId: "alpha", product: "bundle:small", credits: 100, amountCents: 1000, currency: "EUR", method: "ideal", provider: "test", paymentId: "tr_paid_2", status: "paid", reversedCents: 200 }).returning({ id: orders.id });
    const opened = await openCase(handle.db, { siteId: "alpha", memberId: buyer.id, email: buyer.member.email!, language: "nl", subject: "payment", message: "Graag mijn geld terug.", orderReference: null });
    const refunds: Array<{ paymentId: string; amountCents: number }> = [];
    const provider = { provider: "test", refundPayment: async (input: { paymentId: string; amountCents: number }) => (refunds.push(input), true) } as unknown as PaymentService;
    const staff = await supporter();
    const refund = (amountCents: number) => refundFromCase(handle.db, (name) => (name === "test" ? provider : null), { staff, ip: null, caseId: opened.caseId, orderId: order!.id, amountCents });
    expect(await refund(801)).toEqual({ ok: false, reason: "amount" });
    expect(await refund(0)).toEqual({ ok: false, reason: "amount" });
    expect(await refund(800)).toEqual({ ok: true });
    expect(refunds).toEqual([expect.objectContaining({ paymentId: "tr_paid_2", amountCents: 800 })]);
    const [entry] = await handle.db.select({ action: staffAudit.action, details: staffAudit.details }).from(staffAudit).where(eq(staffAudit.staffId, staff.id));
    expect(entry).toMatchObject({ action: "refund", details: { order: order!.id, cents: 800 } });
  });
});

describe("the case page's link (review N-L-9)", () => {
  it("moves the token out of the address into a cookie at once, and the bare address then shows the case", async () => {
    const opened = await openCase(handle.db, { siteId: "alpha", memberId: null, email: "link@example.com", language: "nl", subject: "other", message: "Een vraag over de site.", orderReference: null });
    const context = contextFor(alpha);
    const url = `https://alpha.example/complaints/${opened.reference}`;
    const moved = await caseLoader({ request: new Request(`${url}?t=${opened.token}`), context, params: { reference: opened.reference } }).catch((thrown: unknown) => thrown);
    if (!(moved instanceof Response)) throw new Error("no redirect");
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`/complaints/${opened.reference}`);
    const cookie = (moved.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    expect(cookie).not.toBe("");
    const page = await caseLoader({ request: new Request(url, { headers: { Cookie: cookie } }), context, params: { reference: opened.reference } });
    expect(page.reference).toBe(opened.reference);
    const bare = await caseLoader({ request: new Request(url), context, params: { reference: opened.reference } }).catch((thrown: unknown) => thrown);
    // notFound() throws Remix's data() with its status.
    expect((bare as { init?: { status?: number } }).init?.status).toBe(404);
  });
});
