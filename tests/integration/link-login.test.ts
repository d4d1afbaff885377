import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { members } from "../../db/schema/index";
import { action as activateAction, loader as activateLoader } from "../../app/routes/_default.activate.$token";
import { action as reactivateAction, loader as reactivateLoader } from "../../app/routes/_default.reactivate.$token";
import { action as resetAction } from "../../app/routes/_default.reset-password_.do";
import { action as mailLinkAction, loader as mailLinkLoader } from "../../app/routes/_default.$";
import { issueToken, peekToken } from "../../app/models/accounts/email-tokens.server";
import { mailLink } from "../../app/models/notifications/mail-links.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { contextFor, formOf } from "../fixtures/context";
import { createMember } from "../fixtures/members";
import { routeDatabase } from "../fixtures/route-database";
import { callRoute } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";

const tenant = tenantSchema.parse(tenantFixture({ id: "linksite", domains: ["linksite.example"] }));
const ORIGIN = "https://linksite.example";

const routes = routeDatabase();

const get = (path: string, method: "GET" | "HEAD" = "GET") => new Request(`${ORIGIN}${path}`, { method });
const post = (path: string, fields: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { method: "POST", body: formOf(fields) });

function cookies(answer: unknown): string {
  return answer instanceof Response ? (answer.headers.get("set-cookie") ?? "") : "";
}
const startsSession = (answer: unknown) => /(^|, )sid=/.test(cookies(answer));
const location = (answer: unknown) => (answer instanceof Response ? answer.headers.get("location") : null);

async function withTwoFactor(id: number): Promise<void> {
  await routes.handle.db.update(members).set({ totpEnabledAt: new Date() }).where(eq(members.id, id));
}

describe("links that log in show a page whose button posts; a GET changes nothing (review N-M-5)", () => {
  it("activation: GET and HEAD neither confirm nor log in; the button does both", async () => {
    const { id } = await createMember(routes.handle.db, { tenant, status: "not_confirmed", name: "Ada" });
    const token = await issueToken(routes.handle.db, { memberId: id, purpose: "activate" });
    for (const method of ["GET", "HEAD"] as const) {
      const page = await callRoute(activateLoader({ request: get(`/activate/${token}`, method), context: contextFor(tenant), params: { token } }));
      expect(startsSession(page)).toBe(false);
      expect(page).toMatchObject({ link: { kind: "activate", name: "Ada" } });
    }
    expect(await peekToken(routes.handle.db, token, "activate", tenant.id)).toBe(true);
    const [before] = await routes.handle.db.select({ status: members.status }).from(members).where(eq(members.id, id));
    expect(before!.status).toBe("not_confirmed");
    const answer = await callRoute(activateAction({ request: post(`/activate/${token}`), context: contextFor(tenant), params: { token } }));
    expect(location(answer)).toBe("/activate/done");
    expect(startsSession(answer)).toBe(true);
  });

  it("activation: never replaces the session of a browser where someone else is logged in", async () => {
    const other = await createMember(routes.handle.db, { tenant });
    const { id } = await createMember(routes.handle.db, { tenant, status: "not_confirmed" });
    const token = await issueToken(routes.handle.db, { memberId: id, purpose: "activate" });
    const answer = await callRoute(activateAction({ request: post(`/activate/${token}`), context: contextFor(tenant, { member: other.current }), params: { token } }));
    expect(location(answer)).toBe("/activate/done");
    expect(startsSession(answer)).toBe(false);
  });

  it("notification mail link: GET and HEAD show the page without using the link; the button logs in", async () => {
    const { id } = await createMember(routes.handle.db, { tenant, name: "Bo" });
    const token = new URL(await mailLink(routes.handle.db, ORIGIN, id, "/chats")).pathname.slice(1);
    for (const method of ["GET", "HEAD"] as const) {
      const page = await callRoute(mailLinkLoader({ request: get(`/${token}`, method), context: contextFor(tenant), params: { "*": token } }));
      expect(startsSession(page)).toBe(false);
      expect(page).toMatchObject({ link: { kind: "login", name: "Bo" } });
    }
    expect(await peekToken(routes.handle.db, token, "login_link", tenant.id)).toBe(true);
    const answer = await callRoute(mailLinkAction({ request: post(`/${token}`), context: contextFor(tenant), params: { "*": token } }));
    expect(location(answer)).toBe("/chats");
    expect(startsSession(answer)).toBe(true);
  });

  it("reactivation: GET neither undoes the deletion nor logs in; the button does both", async () => {
    const { id } = await createMember(routes.handle.db, { tenant, status: "deletion_requested", name: "Cas" });
    await routes.handle.db.update(members).set({ deletionRequestedAt: new Date() }).where(eq(members.id, id));
    const token = await issueToken(routes.handle.db, { memberId: id, purpose: "reactivate" });
    const page = await callRoute(reactivateLoader({ request: get(`/reactivate/${token}`), context: contextFor(tenant), params: { token } }));
    expect(startsSession(page)).toBe(false);
    expect(page).toMatchObject({ link: { kind: "reactivate", name: "Cas" } });
    const [before] = await routes.handle.db.select({ status: members.status }).from(members).where(eq(members.id, id));
    expect(before!.status).toBe("deletion_requested");
    const answer = await callRoute(reactivateAction({ request: post(`/reactivate/${token}`), context: contextFor(tenant), params: { token } }));
    expect(location(answer)).toBe("/");
    expect(startsSession(answer)).toBe(true);
  });
});

describe("two-step login is asked after every link and after a password reset (review N-M-6)", () => {
  const toCode = (answer: unknown) => {
    expect(location(answer)).toMatch(/^\/login\/code\?redirectTo=/);
    expect(startsSession(answer)).toBe(false);
    expect(cookies(answer)).toMatch(/login_step=/);
  };

  it("a notification mail link leads to the code, not a session", async () => {
    const { id } = await createMember(routes.handle.db, { tenant });
    await withTwoFactor(id);
    const token = new URL(await mailLink(routes.handle.db, ORIGIN, id, "/likes/received")).pathname.slice(1);
    const answer = await callRoute(mailLinkAction({ request: post(`/${token}`), context: contextFor(tenant), params: { "*": token } }));
    toCode(answer);
    expect(location(answer)).toBe(`/login/code?redirectTo=${encodeURIComponent("/likes/received")}`);
  });

  it("an activation link leads to the code, not a session", async () => {
    const { id } = await createMember(routes.handle.db, { tenant, status: "not_confirmed" });
    await withTwoFactor(id);
    const token = await issueToken(routes.handle.db, { memberId: id, purpose: "activate" });
    toCode(await callRoute(activateAction({ request: post(`/activate/${token}`), context: contextFor(tenant), params: { token } })));
  });

  it("a reactivation link leads to the code, not a session", async () => {
    const { id } = await createMember(routes.handle.db, { tenant, status: "deletion_requested" });
    await routes.handle.db.update(members).set({ deletionRequestedAt: new Date() }).where(eq(members.id, id));
    await withTwoFactor(id);
    const token = await issueToken(routes.handle.db, { memberId: id, purpose: "reactivate" });
    toCode(await callRoute(reactivateAction({ request: post(`/reactivate/${token}`), context: contextFor(tenant), params: { token } })));
  });

  it("a password reset leads to the code, not a session", async () => {
    const { id } = await createMember(routes.handle.db, { tenant, password: "old-password-heron" });
    await withTwoFactor(id);
    const token = await issueToken(routes.handle.db, { memberId: id, purpose: "reset_password" });
    const answer = await callRoute(resetAction({ request: post("/reset-password/do", { token, password: "herfst-trein-vaas-77", repeat: "herfst-trein-vaas-77" }), context: contextFor(tenant), params: {} }));
    toCode(answer);
  });

  it("a password reset without two-step login still logs in", async () => {
    const { id } = await createMember(routes.handle.db, { tenant, password: "old-password-heron" });
    const token = await issueToken(routes.handle.db, { memberId: id, purpose: "reset_password" });
    const answer = await callRoute(resetAction({ request: post("/reset-password/do", { token, password: "winter-boot-lamp-88", repeat: "winter-boot-lamp-88" }), context: contextFor(tenant), params: {} }));
    expect(location(answer)).toBe("/");
    expect(startsSession(answer)).toBe(true);
  });
});
