import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members, sessions } from "../../db/schema/index";
import { checkLogin } from "../../app/models/accounts/accounts.server";
import { generate, generateSecret } from "otplib";
import { changePassword, confirmEmailChange, requestEmailChange } from "../../app/models/accounts/account-settings.server";
import { enableTwoFactor } from "../../app/models/accounts/two-factor.server";
import { issueToken, peekToken } from "../../app/models/accounts/email-tokens.server";
import { resetPassword } from "../../app/models/accounts/password-reset.server";
import { endSessionByRef, findSessionMember, hashSessionId, listMemberSessions, sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import { linkToken } from "../../app/web/link-token.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const tenant = tenantSchema.parse(tenantFixture({ id: "sessionsite", domains: ["sessionsite.example"] }));
const PASSWORD = "zomer-fiets-lamp-42";
let handle: TestDatabase;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

async function newSession(memberId: number, userAgent: string | null = null): Promise<string> {
  return (await sessionIdFrom((await startSession(handle.db, { memberId, siteId: tenant.id, userAgent })).split(";")[0]!))!;
}

describe("sessions (review L-1)", () => {
  it("end after the brand's idle days without use, whatever is left of their lifetime", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "idle@example.com" });
    const session = await newSession(id);
    expect(await findSessionMember(handle.db, session, tenant.id, 7)).not.toBeNull();
    await handle.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(sessions.idHash, hashSessionId(session)));
    expect(await findSessionMember(handle.db, session, tenant.id, 7)).toBeNull();
    expect(await findSessionMember(handle.db, session, tenant.id, 30)).not.toBeNull();
  });

  it("end after a week without use on a brand that does not set its idle days, long before the 30-day lifetime", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "idle-default@example.com" });
    const session = await newSession(id);
    await handle.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 6 * 86_400_000) }).where(eq(sessions.idHash, hashSessionId(session)));
    expect(await findSessionMember(handle.db, session, tenant.id, tenant.settings.session_idle_days)).not.toBeNull();
    await handle.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(sessions.idHash, hashSessionId(session)));
    expect(tenant.settings.session_idle_days).toBe(7);
    expect(await findSessionMember(handle.db, session, tenant.id, tenant.settings.session_idle_days)).toBeNull();
    expect(await findSessionMember(handle.db, session, tenant.id)).toBeNull();
  });

  it("are no sessions for a disabled member, and a disabled member's right password logs nobody in (review I-2)", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "off@example.com", password: PASSWORD });
    const session = await newSession(id);
    await handle.db.update(members).set({ status: "disabled" }).where(eq(members.id, id));
    expect(await findSessionMember(handle.db, session, tenant.id)).toBeNull();
    expect(await checkLogin(handle.db, { siteId: tenant.id, email: "off@example.com", password: PASSWORD, ip: null })).toEqual({ ok: false, blockedMinutes: 0, disabledMemberId: id });
    expect(await checkLogin(handle.db, { siteId: tenant.id, email: "off@example.com", password: "wrong-password-here", ip: null })).toMatchObject({ ok: false });
  });

  it("are listed for their member, this one marked, and each can be ended by its reference", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "devices@example.com" });
    const { id: otherId } = await createMember(handle.db, { tenant, email: "other@example.com" });
    const phone = await newSession(id, "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1");
    const laptop = await newSession(id, "Mozilla/5.0 (Windows NT 10.0) Firefox/133.0");
    const listed = await listMemberSessions(handle.db, id, laptop);
    expect(listed).toHaveLength(2);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const phoneRef = listed.find((s) => !s.current)!.ref;
    expect(phoneRef).not.toContain(hashSessionId(phone));
    // Another member cannot end it with the reference.
    expect(await endSessionByRef(handle.db, otherId, phoneRef)).toBe(false);
    expect(await findSessionMember(handle.db, phone, tenant.id)).not.toBeNull();
    expect(await endSessionByRef(handle.db, id, phoneRef)).toBe(true);
    expect(await findSessionMember(handle.db, phone, tenant.id)).toBeNull();
    expect(await findSessionMember(handle.db, laptop, tenant.id)).not.toBeNull();
  });
});

describe("mailed links (review L-10)", () => {
  it("an older reset or e-mail-change link dies when a newer one is used", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "links@example.com", password: PASSWORD });
    const older = await issueToken(handle.db, { memberId: id, purpose: "reset_password" });
    const change = await requestEmailChange(handle.db, id, "new-links@example.com");
    const newer = await issueToken(handle.db, { memberId: id, purpose: "reset_password" });
    expect(await resetPassword(handle.db, tenant, newer, "herfst-trein-vaas-77")).toBe(id);
    expect(await peekToken(handle.db, older, "reset_password", tenant.id)).toBe(false);
    expect(await peekToken(handle.db, change, "change_email", tenant.id)).toBe(false);
  });

  it("a password change, a reset and turning on two-step login void the login and reactivation links (review N-M-6)", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "loginlinks@example.com", password: PASSWORD });
    const loginLinks = async () => ({
      loginLink: await issueToken(handle.db, { memberId: id, purpose: "login_link", targetPath: "/chats" }),
      reactivate: await issueToken(handle.db, { memberId: id, purpose: "reactivate" }),
    });
    const stillLive = async (links: { loginLink: string; reactivate: string }) => [
      await peekToken(handle.db, links.loginLink, "login_link", tenant.id),
      await peekToken(handle.db, links.reactivate, "reactivate", tenant.id),
    ];
    const beforeChange = await loginLinks();
    await changePassword(handle.db, { id, siteId: tenant.id }, "herfst-trein-vaas-77", null);
    expect(await stillLive(beforeChange)).toEqual([false, false]);
    const beforeReset = await loginLinks();
    expect(await resetPassword(handle.db, tenant, await issueToken(handle.db, { memberId: id, purpose: "reset_password" }), "winter-boot-lamp-88")).toBe(id);
    expect(await stillLive(beforeReset)).toEqual([false, false]);
    const beforeTwoFactor = await loginLinks();
    const secret = generateSecret();
    expect((await enableTwoFactor(handle.db, id, secret, await generate({ secret }))).ok).toBe(true);
    expect(await stillLive(beforeTwoFactor)).toEqual([false, false]);
  });

  it("a changed address voids the reset links sent to the old one and ends every session", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "mover@example.com", password: PASSWORD });
    const session = await newSession(id);
    const reset = await issueToken(handle.db, { memberId: id, purpose: "reset_password" });
    const change = await requestEmailChange(handle.db, id, "moved@example.com");
    expect(await confirmEmailChange(handle.db, tenant, change)).toMatchObject({ ok: true, email: "moved@example.com" });
    expect(await peekToken(handle.db, reset, "reset_password", tenant.id)).toBe(false);
    expect(await findSessionMember(handle.db, session, tenant.id)).toBeNull();
  });

  it("leave the address at once: the token moves into a cookie for that path only", async () => {
    let redirected: unknown;
    try {
      await linkToken(new Request("https://sessionsite.example/reset-password/do?token=abcDEF123"));
    } catch (thrown) {
      redirected = thrown;
    }
    const response = redirected as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/reset-password/do");
    const cookie = response.headers.get("set-cookie")!;
    // On the parent path, so the page's data requests (/reset-password/do.data) carry it too.
    expect(cookie).toMatch(/Path=\/reset-password;/);
    expect(cookie).toMatch(/HttpOnly/);
    const token = await linkToken(new Request("https://sessionsite.example/reset-password/do", { headers: { cookie: cookie.split(";")[0]! } }));
    expect(token).toBe("abcDEF123");
  });
});
