import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLogin } from "../../app/models/accounts/accounts.server";
import { requestPasswordReset, resetPassword, RESETS_PER_DAY } from "../../app/models/accounts/password-reset.server";
import { findSessionMember, sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const tenant = tenantSchema.parse(tenantFixture({ id: "resetsite", domains: ["resetsite.example"] }));
let handle: TestDatabase;

const addMember = async (email: string) => (await createMember(handle.db, { tenant, email, name: "Kim", password: "old-password-zebra" })).id;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("password reset", () => {
  it("says an unknown address is not found", async () => {
    expect(await requestPasswordReset(handle.db, tenant, "nobody@example.com")).toEqual({ ok: false, reason: "notFound" });
  });

  it("sets a new password once per link and ends every session", async () => {
    const id = await addMember("kim@example.com");
    const sessionId = await sessionIdFrom((await startSession(handle.db, { memberId: id, siteId: tenant.id, userAgent: null })).split(";")[0]!);
    const request = await requestPasswordReset(handle.db, tenant, " KIM@example.com ");
    if (!request.ok) throw new Error(request.reason);
    expect(request.member).toMatchObject({ email: "kim@example.com", name: "Kim" });
    expect(await resetPassword(handle.db, tenant, request.token, "nieuw-wachtwoord-walvis")).toBe(id);
    expect(await resetPassword(handle.db, tenant, request.token, "another-password-otter")).toBeNull();
    expect(await findSessionMember(handle.db, sessionId!, tenant.id)).toBeNull();
    expect((await checkLogin(handle.db, { siteId: tenant.id, email: "kim@example.com", password: "nieuw-wachtwoord-walvis", ip: null })).ok).toBe(true);
    expect((await checkLogin(handle.db, { siteId: tenant.id, email: "kim@example.com", password: "old-password-zebra", ip: null })).ok).toBe(false);
  });

  it(`allows ${RESETS_PER_DAY} mails a day`, async () => {
    await addMember("many@example.com");
    for (let i = 0; i < RESETS_PER_DAY; i++) expect((await requestPasswordReset(handle.db, tenant, "many@example.com")).ok).toBe(true);
    expect(await requestPasswordReset(handle.db, tenant, "many@example.com")).toEqual({ ok: false, reason: "tooMany" });
  });

  it("refuses a link of another brand", async () => {
    await addMember("other@example.com");
    const request = await requestPasswordReset(handle.db, tenant, "other@example.com");
    if (!request.ok) throw new Error(request.reason);
    const otherBrand = tenantSchema.parse(tenantFixture({ id: "elsewhere", domains: ["elsewhere.example"] }));
    expect(await resetPassword(handle.db, otherBrand, request.token, "nieuw-wachtwoord-walvis")).toBeNull();
  });
});
