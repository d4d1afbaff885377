import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { creditLedger, memberCare, members, messageFlags, operatorReplies, staffAudit } from "../../db/schema/index";
import { sendMessage, type MessageContent } from "../../app/models/chat/chat-send.server";
import { claimConversation, operatorConversation, releaseClaim, replyAsProfile, type OperatorConversation } from "../../app/models/staff/operator-conversation.server";
import { inboxCounts, waitingConversations } from "../../app/models/staff/operator-inbox.server";
import { createStaff, disableStaff, findStaffSession, finishStaffLogin, setStaffPassword, startStaffLogin } from "../../app/models/staff/staff-accounts.server";
import type { StaffMember } from "../../app/models/staff/staff-roles";
import { coolDownUntil, setOwnProtection } from "../../app/models/safety/member-care.server";
import { firstMessageCandidates, sendFirstMessage } from "../../app/models/staff/first-messages.server";
import { operatorMessagesSent } from "../../app/services/metrics/business.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { createFictional, fictionalSchema, listFictional, updateFictional } from "../../app/models/staff/fictional-profiles.server";
import { searchMembers } from "../../app/models/search/member-search.server";
import { viewProfile } from "../../app/models/profiles/profile-view.server";
import { auditCsv, listAudit } from "../../app/models/staff/staff-audit.server";
import { LocalDiskStorage } from "../../app/services/storage/local-disk.server";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember, type MemberOverrides } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
const base = tenantFixture({ id: "alpha", pool: "shared" });
const tenant = tenantSchema.parse({
  ...base,
  settings: { ...base.settings, message_credits: 10, free_messages: 0, message_length: 500, care: { daily_credit_limit: 50, monthly_credit_limit: 1000, daily_fictional_messages: 100 } },
});
const languages = { alpha: "nl", beta: "de" };

const person = async (p: MemberOverrides) => (await createMember(handle.db, { tenant, ...p })).id;
const text = (body: string): MessageContent => ({ kind: "text", body });
const send = (senderId: number, recipientId: number, body: string) => sendMessage(handle.db, { senderId, recipientId, tenant, content: text(body) });

let staffCount = 0;
async function operator(overrides: Partial<StaffMember> = {}): Promise<StaffMember> {
  staffCount += 1;
  const email = `operator${staffCount}@staff.example`;
  const created = await createStaff(handle.db, { email, name: `Op ${staffCount}`, roles: ["operator"], brands: [], languages: [], uiLanguage: "en" });
  if ("error" in created) throw new Error("exists");
  return { id: created.id, email, name: `Op ${staffCount}`, roles: ["operator"], brands: [], languages: [], uiLanguage: "en", ...overrides };
}

/** A member who wrote to a fictional profile, and the conversation as an operator sees it. */
async function waitingPair(body = "Hoi Lisa!", member: MemberOverrides = {}) {
  const ann = await person({ name: "Ann", credits: 200, paidUser: true, language: "nl", ...member });
  const lisa = await person({ name: "Lisa", fictional: true });
  const sent = await send(ann, lisa, body);
  if (!sent.ok) throw new Error(`not sent: ${sent.reason}`);
  const conversation = (await operatorConversation(handle.db, { brands: [], languages: [] }, sent.conversationId, languages))!;
  return { ann, lisa, conversation };
}

const reply = (staff: StaffMember, conversation: OperatorConversation, body: string, purpose: "reply" | "honest_answer" | "care_warning" = "reply") =>
  replyAsProfile(handle.db, { staff, conversation, content: { kind: "text", body }, purpose, maxLength: 500, ip: "198.51.100.1" });

/** Messages operators sent on a brand, as /metrics shows them. */
const operatorMessages = async (brand: string) => (await operatorMessagesSent.get()).values.find((value) => value.labels.brand === brand)?.value ?? 0;

describe("staff accounts", () => {
  it("log in with the password from the setup link and a code of the app, never the same code twice; disabled staff cannot", async () => {
    const created = await createStaff(handle.db, { email: "Admin@Staff.example", name: "Admin", roles: ["admin"], brands: [], languages: [], uiLanguage: "nl" });
    if ("error" in created) throw new Error("exists");
    expect(await createStaff(handle.db, { email: "admin@staff.example", name: "Again", roles: ["admin"], brands: [], languages: [], uiLanguage: "nl" })).toEqual({ error: "exists" });
    expect(await setStaffPassword(handle.db, created.setupToken, "lang genoeg wachtwoord 42")).toBe(true);
    expect(await setStaffPassword(handle.db, created.setupToken, "een ander wachtwoord 43")).toBe(false);
    const secret = new URL(created.totpUri).searchParams.get("secret")!;

    expect(await startStaffLogin(handle.db, { email: "admin@staff.example", password: "wrong", ip: null, userAgent: null })).toEqual({ ok: false, blockedMinutes: 0 });
    const started = await startStaffLogin(handle.db, { email: "admin@staff.example", password: "lang genoeg wachtwoord 42", ip: null, userAgent: null });
    if (!started.ok) throw new Error("password refused");
    expect(await findStaffSession(handle.db, started.sessionId)).toEqual({ pending: true });
    expect(await finishStaffLogin(handle.db, started.sessionId, "000000", null)).toEqual({ ok: false, blockedMinutes: 0 });
    const code = await generate({ secret });
    const finished = await finishStaffLogin(handle.db, started.sessionId, code, null);
    if (!finished.ok) throw new Error("code refused");
    expect(await findStaffSession(handle.db, finished.sessionId)).toMatchObject({ staff: { email: "admin@staff.example", roles: ["admin"], uiLanguage: "nl" } });

    const second = await startStaffLogin(handle.db, { email: "admin@staff.example", password: "lang genoeg wachtwoord 42", ip: null, userAgent: null });
    if (!second.ok) throw new Error("password refused");
    expect(await finishStaffLogin(handle.db, second.sessionId, code, null)).toEqual({ ok: false, blockedMinutes: 0 });

    expect(await disableStaff(handle.db, "admin@staff.example")).toBe(true);
    expect(await findStaffSession(handle.db, finished.sessionId)).toBeNull();
    expect((await startStaffLogin(handle.db, { email: "admin@staff.example", password: "lang genoeg wachtwoord 42", ip: null, userAgent: null })).ok).toBe(false);
  });
});

describe("the operator inbox", () => {
  it("lists a member waiting for a fictional profile, only to operators of that brand and language, with counts", async () => {
    const { conversation } = await waitingPair();
    const anyone = await operator();
    const waiting = await waitingConversations(handle.db, anyone, languages);
    expect(waiting.find((item) => item.conversationId === conversation.conversationId)).toMatchObject({ memberName: "Ann", profileName: "Lisa", siteId: "alpha", language: "nl", claimedBy: null });
    expect((await inboxCounts(handle.db, anyone, languages)).find((count) => count.siteId === "alpha" && count.language === "nl")?.waiting).toBeGreaterThanOrEqual(1);
    expect(await waitingConversations(handle.db, { ...anyone, brands: ["beta"] }, languages)).toEqual([]);
    expect(await waitingConversations(handle.db, { ...anyone, languages: ["de"] }, languages)).toEqual([]);
    expect(await operatorConversation(handle.db, { brands: ["beta"], languages: [] }, conversation.conversationId, languages)).toBeNull();
  });

  it("lets exactly one of many operators claiming at once hold a conversation, until they leave", async () => {
    const { conversation } = await waitingPair();
    const operators = await Promise.all(Array.from({ length: 8 }, () => operator()));
    const outcomes = await Promise.all(operators.map((staff) => claimConversation(handle.db, staff.id, conversation.conversationId)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    const holder = operators[outcomes.findIndex((outcome) => outcome.ok)]!;
    const other = operators.find((staff) => staff !== holder)!;
    expect(await claimConversation(handle.db, holder.id, conversation.conversationId)).toMatchObject({ ok: true });
    expect(await reply(other, conversation, "Hoi!")).toEqual({ ok: false, reason: "notClaimed" });
    expect(await releaseClaim(handle.db, holder.id, conversation.conversationId)).toBe(true);
    expect(await claimConversation(handle.db, other.id, conversation.conversationId)).toMatchObject({ ok: true });
  });

  it("sends the holder's reply as the profile: free for the member, out of the inbox, counted for the operator", async () => {
    const { ann, conversation } = await waitingPair();
    const staff = await operator();
    const [before] = await handle.db.select({ credits: members.credits }).from(members).where(eq(members.id, ann));
    await claimConversation(handle.db, staff.id, conversation.conversationId);
    const counter = await operatorMessages("alpha");
    const sent = await reply(staff, conversation, "Hoi Ann, leuk dat je schrijft!");
    expect(sent).toMatchObject({ ok: true });
    expect(await operatorMessages("alpha")).toBe(counter + 1);
    const [after] = await handle.db.select({ credits: members.credits }).from(members).where(eq(members.id, ann));
    expect(after).toEqual(before);
    expect((await waitingConversations(handle.db, staff, languages)).some((item) => item.conversationId === conversation.conversationId)).toBe(false);
    const [counted] = await handle.db.select().from(operatorReplies).where(eq(operatorReplies.staffId, staff.id));
    expect(counted).toMatchObject({ conversationId: conversation.conversationId, siteId: "alpha" });
    expect(counted!.waitedMs).toBeGreaterThanOrEqual(0);
    const actions = (await handle.db.select({ action: staffAudit.action }).from(staffAudit).where(eq(staffAudit.staffId, staff.id))).map((row) => row.action);
    expect(actions).toContain("reply");
  });

  it("refuses a reply with contact details, keeps nothing of it, and writes the refusal in the audit log", async () => {
    const { conversation } = await waitingPair();
    const staff = await operator();
    await claimConversation(handle.db, staff.id, conversation.conversationId);
    expect(await reply(staff, conversation, "App me op 06-12345678")).toEqual({ ok: false, reason: "contact", kind: "phone" });
    expect(await reply(staff, conversation, "mail lisa at gmail dot com")).toEqual({ ok: false, reason: "contact", kind: "email" });
    expect((await handle.db.select().from(operatorReplies).where(eq(operatorReplies.staffId, staff.id))).length).toBe(0);
    const refusals = await handle.db.select({ details: staffAudit.details }).from(staffAudit).where(eq(staffAudit.staffId, staff.id));
    expect(refusals.map((row) => row.details)).toEqual(expect.arrayContaining([{ contact: "phone" }, { contact: "email" }]));
  });

  it("flags 'ben je echt?' and accepts no other reply until the brand's honest answer went out", async () => {
    const { conversation } = await waitingPair("Ben je echt?");
    const staff = await operator();
    expect((await waitingConversations(handle.db, staff, languages)).find((item) => item.conversationId === conversation.conversationId)?.asksReal).toBe(true);
    await claimConversation(handle.db, staff.id, conversation.conversationId);
    expect(await reply(staff, conversation, "Natuurlijk schat")).toEqual({ ok: false, reason: "honestAnswerFirst" });
    expect(await reply(staff, conversation, "Eerlijk antwoord: dit is een fictief profiel.", "honest_answer")).toMatchObject({ ok: true });
    const [flag] = await handle.db.select().from(messageFlags).where(eq(messageFlags.conversationId, conversation.conversationId));
    expect(flag).toMatchObject({ kind: "asks_real", handledBy: staff.id });
    expect(await reply(staff, conversation, "Vertel eens over je dag")).toMatchObject({ ok: true });
    const actions = (await handle.db.select({ action: staffAudit.action }).from(staffAudit).where(eq(staffAudit.staffId, staff.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["honest_answer", "reply"]));
  });
});

describe("vulnerable members", () => {
  it("stop a member at the brand's daily credit limit: refused, nothing charged, marked, purchases paused, and the operator must warn first", async () => {
    const { ann, lisa, conversation } = await waitingPair();
    // 10 credits a message, a limit of 50 a day: four more go, the fifth reaches it.
    for (let i = 0; i < 4; i++) expect((await send(ann, lisa, `Bericht ${i}`)).ok).toBe(true);
    const ledgerBefore = await handle.db.select().from(creditLedger).where(eq(creditLedger.memberId, ann));
    expect(await send(ann, lisa, "Nog een")).toEqual({ ok: false, reason: "careLimit" });
    expect(await handle.db.select().from(creditLedger).where(eq(creditLedger.memberId, ann))).toHaveLength(ledgerBefore.length);
    const [care] = await handle.db.select().from(memberCare).where(eq(memberCare.memberId, ann));
    expect(care?.signals).toContain("daily_limit");
    expect(await coolDownUntil(handle.db, ann)).toBeInstanceOf(Date);

    const staff = await operator();
    expect((await waitingConversations(handle.db, staff, languages)).find((item) => item.conversationId === conversation.conversationId)?.needsCareWarning).toBe(true);
    await claimConversation(handle.db, staff.id, conversation.conversationId);
    expect(await reply(staff, conversation, "Hoi!")).toEqual({ ok: false, reason: "careWarningFirst" });
    expect(await reply(staff, conversation, "Je chat met een fictief profiel.", "care_warning")).toMatchObject({ ok: true });
    expect(await reply(staff, conversation, "Hoi!")).toMatchObject({ ok: true });
  });

  it("mark a member who writes of loneliness or debt, in any of the languages", async () => {
    for (const [language, body] of [
      ["nl", "Ik voel me zo eenzaam"],
      ["de", "Ich habe Schulden"],
      ["en", "I'm so lonely"],
    ] as const) {
      const { ann } = await waitingPair(body, { language });
      const [care] = await handle.db.select().from(memberCare).where(eq(memberCare.memberId, ann));
      expect(care?.signals, language).toContain("words");
      expect(care?.vulnerableAt, language).toBeInstanceOf(Date);
    }
  });

  it("mark a member aged 70 or over who writes to a fictional profile", async () => {
    const { ann } = await waitingPair("Hallo", { birthDate: "1950-01-01" });
    const [care] = await handle.db.select().from(memberCare).where(eq(memberCare.memberId, ann));
    expect(care?.signals).toContain("age");
  });
});

describe("fictional profiles, kept by admins", () => {
  const beta = tenantSchema.parse(tenantFixture({ id: "beta", pool: "shared", domains: ["beta.example"] }));
  const poolBrands = [tenant, beta];
  const storage = new LocalDiskStorage("/tmp/unused-operators-storage", "/tmp/unused-operators-storage/public-media");
  const form = (overrides: Record<string, unknown> = {}) =>
    fictionalSchema(poolBrands).safeParse({ name: "Sanne", gender: "female", birthDate: "1992-04-01", country: "NL", region: "", city: "Utrecht", about: "Dol op fietsen", brands: ["alpha"], ...overrides });

  it("refuses a form with a bad field and names it, and accepts a full one", () => {
    const bad = form({ name: "", birthDate: "2015-01-01", country: "US", brands: ["elsewhere"] });
    expect(bad.success).toBe(false);
    expect(new Set(bad.error!.issues.map((issue) => issue.path[0]))).toEqual(new Set(["name", "birthDate", "country", "brands"]));
    expect(form().success).toBe(true);
  });

  it("are shown only on the brands ticked: found in search and opened there, absent on the other brand of the pool", async () => {
    const admin = await operator({ roles: ["admin"] });
    const parsed = form();
    if (!parsed.success) throw new Error("form refused");
    const id = await createFictional(handle.db, { pool: "shared", poolBrands, form: parsed.data, staffId: admin.id, ip: null });
    expect((await listFictional(handle.db, "shared")).find((item) => item.id === id)).toMatchObject({ name: "Sanne", shownOn: ["alpha"], city: "Utrecht" });
    const search = (siteId: string) => searchMembers(handle.db, storage, { scope: { pool: "shared", viewerId: null, siteId }, filters: {}, limit: 200 });
    expect((await search("alpha")).cards.some((card) => card.id === id)).toBe(true);
    expect((await search("beta")).cards.some((card) => card.id === id)).toBe(false);
    expect(await viewProfile(handle.db, storage, { tenant: beta, viewer: null, memberId: id })).toBeNull();
    expect(await viewProfile(handle.db, storage, { tenant, viewer: null, memberId: id })).toMatchObject({ name: "Sanne" });

    // Ticking every brand of the pool shows it on all of them.
    const everywhere = form({ brands: ["alpha", "beta"], name: "Sanne B" });
    if (!everywhere.success) throw new Error("form refused");
    expect(await updateFictional(handle.db, { id, pool: "shared", poolBrands, form: everywhere.data, staffId: admin.id, ip: null })).toBe(true);
    expect((await search("beta")).cards.some((card) => card.id === id)).toBe(true);
    // Only fictional profiles of the pool can be edited so.
    const real = await person({ name: "Echt" });
    expect(await updateFictional(handle.db, { id: real, pool: "shared", poolBrands, form: everywhere.data, staffId: admin.id, ip: null })).toBe(false);

    const entries = await listAudit(handle.db, { brands: [] }, { memberId: id }, { limit: 10 });
    expect(entries.map((entry) => entry.action).sort()).toEqual(["profile_create", "profile_edit"]);
    const csv = auditCsv(entries);
    expect(csv.split("\r\n")[0]).toBe("id,at,staff,action,siteId,memberId,conversationId,details,ip");
    expect(csv).toContain(`profile_create,alpha,${id}`);
  });

  it("write a spreadsheet formula in the CSV export as text", () => {
    const csv = auditCsv([{ id: 1, at: "2026-11-25T00:00:00.000Z", staff: "=HYPERLINK(\"x\")", action: "login", siteId: null, memberId: null, conversationId: null, details: null, ip: null }]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe("operators writing first", () => {
  const gamma = tenantSchema.parse({ ...tenantFixture({ id: "gamma", pool: "gammapool", domains: ["gamma.example"] }), settings: { ...base.settings, operators: { first_message_after_hours: 24 } } });
  const closed = tenantSchema.parse(tenantFixture({ id: "delta", pool: "gammapool", domains: ["delta.example"] }));
  const brands = [gamma, closed];
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  const member = async (name: string, tenantOf = gamma, joined = hoursAgo(48)) => (await createMember(handle.db, { tenant: tenantOf, name, createdAt: joined, status: "active", language: "nl" })).id;

  it("offer new members of brands that allow it, after the delay, once, never to who opted out, and never with contact details", async () => {
    const staff = await operator();
    const eva = await createMember(handle.db, { tenant: gamma, name: "Eva", fictional: true });
    const fresh = await member("Fresh", gamma, hoursAgo(2));
    const ready = await member("Ready");
    const old = await member("Old", gamma, hoursAgo(24 * 30));
    const elsewhere = await member("Elsewhere", closed);
    const declined = await member("Declined");
    await setOwnProtection(handle.db, declined, { monthlyLimit: null, noFirstMessages: true });

    const offered = (await firstMessageCandidates(handle.db, staff, brands, { gamma: "nl", delta: "nl" })).map((candidate) => candidate.memberId);
    expect(offered).toContain(ready);
    for (const id of [fresh, old, elsewhere, declined]) expect(offered).not.toContain(id);

    const write = (memberId: number, body: string) => sendFirstMessage(handle.db, { staff, memberId, profileId: eva.id, body, brands, languages: { gamma: "nl", delta: "nl" }, ip: null });
    expect(await write(ready, "Mijn nummer is 0612345678")).toEqual({ ok: false, reason: "contact", kind: "phone" });
    expect(await write(fresh, "Hoi!")).toEqual({ ok: false, reason: "notAllowed" });
    expect(await write(declined, "Hoi!")).toEqual({ ok: false, reason: "notAllowed" });
    const counter = await operatorMessages("gamma");
    const sent = await write(ready, "Hoi Ready, welkom!");
    expect(sent).toEqual({ ok: true, conversationId: expect.any(Number) });
    // Only the message that went out is counted, not the refused ones before it.
    expect(await operatorMessages("gamma")).toBe(counter + 1);
    // Once: the member now has a conversation with a fictional profile.
    expect(await write(ready, "Nog een keer")).toEqual({ ok: false, reason: "notAllowed" });
    expect((await firstMessageCandidates(handle.db, staff, brands, { gamma: "nl", delta: "nl" })).map((candidate) => candidate.memberId)).not.toContain(ready);
    const actions = await listAudit(handle.db, { brands: [] }, { memberId: ready }, { limit: 10 });
    expect(actions.map((entry) => entry.action)).toEqual(expect.arrayContaining(["first_message", "reply_refused"]));
  });
});
