import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bans, emailTokens, members } from "../../db/schema/index";
import { action as resetRequest } from "../../app/routes/_default.reset-password";
import { action as signupAction } from "../../app/routes/_default.signup";
import { submitEmailChange } from "../../app/models/accounts/pages/settings-forms.server";
import { tenantSchema, type Tenant } from "../../app/tenancy/schema";
import { revealsAccounts } from "../../app/models/accounts/account-disclosure";
import { contextFor, formOf } from "../fixtures/context";
import { createMember } from "../fixtures/members";
import { routeDatabase } from "../fixtures/route-database";
import { callRoute, statusOf, type DataWithInit } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";

function brand(id: string, niche: 1 | 2 | 3 | 4 | 5 | 6 | 7, reveal?: boolean): Tenant {
  const base = tenantFixture({ id, niche, domains: [`${id}.example`] });
  return tenantSchema.parse({ ...base, settings: { ...base.settings, ...(reveal === undefined ? {} : { reveal_accounts: reveal }) } });
}

const general = brand("general", 1);
const gay = brand("gaysite", 7);
const bdsm = brand("bdsmsite", 3);
const gayRevealing = brand("gayopen", 7, true);

const routes = routeDatabase();

function post(tenant: Tenant, path: string, fields: Record<string, string>): Request {
  return new Request(`https://${tenant.domains[0]}${path}`, { method: "POST", body: formOf(fields) });
}

describe("which brands tell whether an address has an account (review H-2)", () => {
  it("says no for bdsm and gay unless the brand says otherwise, yes elsewhere", () => {
    expect(revealsAccounts(general)).toBe(true);
    expect(revealsAccounts(gay)).toBe(false);
    expect(revealsAccounts(bdsm)).toBe(false);
    expect(revealsAccounts(gayRevealing)).toBe(true);
    expect(revealsAccounts(brand("generalclosed", 1, false))).toBe(false);
  });

  it("says no by default on the she, plus-size, gilf and milf niches too", () => {
    for (const niche of [2, 4, 5, 6] as const) expect(revealsAccounts(brand(`niche${niche}`, niche))).toBe(false);
    expect(revealsAccounts(brand("milfopen", 6, true))).toBe(true);
  });
});

describe("password reset", () => {
  it("answers a known and an unknown address alike where the brand does not tell, and mails only the holder", async () => {
    await createMember(routes.handle.db, { tenant: gay, email: "known@example.com" });
    const known = (await callRoute(resetRequest({ request: post(gay, "/reset-password", { email: "known@example.com" }), context: contextFor(gay), params: {} }))) as DataWithInit<Record<string, unknown>>;
    const unknown = (await callRoute(resetRequest({ request: post(gay, "/reset-password", { email: "nobody@example.com" }), context: contextFor(gay), params: {} }))) as DataWithInit<Record<string, unknown>>;
    expect(statusOf(known)).toBe(statusOf(unknown));
    expect({ ...known.data, sentTo: null }).toEqual({ ...unknown.data, sentTo: null });
    expect(known.data).toMatchObject({ neutral: true, sentTo: "known@example.com" });
    expect(routes.mail.sent.map((m) => m.to)).toEqual(["known@example.com"]);
  });

  it("keeps the spec's 'not found' where the brand tells", async () => {
    const answer = (await callRoute(resetRequest({ request: post(general, "/reset-password", { email: "nobody@example.com" }), context: contextFor(general), params: {} }))) as DataWithInit<{ result: { error: Record<string, string[]> } }>;
    expect(statusOf(answer)).toBe(400);
    expect(answer.data.result.error.email).toEqual(["reset.notFound"]);
  });
});

describe("signup", () => {
  const fields = (email: string) => ({ email, name: "Sam", password: "zomer-fiets-lamp-42", date_of_birth: "1990-04-12" });

  it("sends a new and an existing address to the same page, without a session, and mails the holder instead", async () => {
    await createMember(routes.handle.db, { tenant: gay, email: "taken@example.com" });
    const fresh = (await callRoute(signupAction({ request: post(gay, "/signup", fields("fresh@example.com")), context: contextFor(gay), params: {} }))) as Response;
    const taken = (await callRoute(signupAction({ request: post(gay, "/signup", fields("taken@example.com")), context: contextFor(gay), params: {} }))) as Response;
    for (const answer of [fresh, taken]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/signup/sent");
      expect(answer.headers.get("set-cookie")).not.toMatch(/(^|, )sid=/);
    }
    expect(routes.mail.sent.map((m) => [m.to, m.text.includes("/activate/")])).toEqual([
      ["fresh@example.com", true],
      ["taken@example.com", false],
    ]);
    const holders = await routes.handle.db.select().from(members).where(and(eq(members.siteId, gay.id), eq(members.email, "taken@example.com")));
    expect(holders).toHaveLength(1);
  });

  it("answers a banned address like a new one where the brand does not tell, and mails nobody", async () => {
    await routes.handle.db.insert(bans).values({ kind: "email", value: "banned@example.com", reason: "fraud" });
    const answer = (await callRoute(signupAction({ request: post(gay, "/signup", fields("banned@example.com")), context: contextFor(gay), params: {} }))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/signup/sent");
    expect(routes.mail.sent).toEqual([]);
    expect(await routes.handle.db.select().from(members).where(eq(members.email, "banned@example.com"))).toEqual([]);
    const told = (await callRoute(signupAction({ request: post(general, "/signup", fields("banned@example.com")), context: contextFor(general), params: {} }))) as DataWithInit<{ result: { error: Record<string, string[]> } }>;
    expect(told.data.result.error.email).toEqual(["validation.emailBanned"]);
  });

  it("keeps the existing-account prompt where the brand tells", async () => {
    await createMember(routes.handle.db, { tenant: general, email: "taken@example.com" });
    const answer = (await callRoute(signupAction({ request: post(general, "/signup", fields("taken@example.com")), context: contextFor(general), params: {} }))) as DataWithInit<{ result: { error: Record<string, string[]> } }>;
    expect(answer.data.result.error.email).toEqual(["validation.emailTaken"]);
  });
});

describe("e-mail change", () => {
  it("answers as if sent where the brand does not tell, mails the holder, and issues no link", async () => {
    const mover = await createMember(routes.handle.db, { tenant: bdsm, email: "mover@example.com", password: "old-password-heron" });
    await createMember(routes.handle.db, { tenant: bdsm, email: "holder@example.com" });
    const outcome = await submitEmailChange(formOf({ email: "holder@example.com", password: "old-password-heron" }), bdsm, mover.current, null, "https://bdsmsite.example");
    expect(outcome.ok).toBe(true);
    expect(routes.mail.sent.map((m) => m.to)).toEqual(["holder@example.com"]);
    expect(await routes.handle.db.select().from(emailTokens).where(eq(emailTokens.memberId, mover.id))).toEqual([]);
  });

  it("counts every try before it says 'taken' where the brand tells, so it is no unthrottled oracle", async () => {
    const mover = await createMember(routes.handle.db, { tenant: general, email: "prober@example.com", password: "old-password-heron" });
    await createMember(routes.handle.db, { tenant: general, email: "probed@example.com" });
    const tries = [];
    for (let i = 0; i < 4; i++) tries.push(await submitEmailChange(formOf({ email: "probed@example.com", password: "old-password-heron" }), general, mover.current, null, "https://general.example"));
    const errors = tries.map((outcome) => (outcome.ok ? null : outcome.reply.error?.email?.[0]));
    expect(errors).toEqual(["settings:email.taken", "settings:email.taken", "settings:email.taken", "security:tooMany"]);
  });
});
