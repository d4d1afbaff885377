import { createHash } from "node:crypto";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { setDatabaseHandle } from "../../db/database.server";
import { members } from "../../db/schema/index";
import { eq } from "drizzle-orm";
import { checkSecondFactor, disableTwoFactor, enableTwoFactor, newTwoFactorSecret, twoFactorEnabled } from "../../app/models/accounts/two-factor.server";
import { action as loginAction } from "../../app/routes/_default.login";
import { action as codeAction } from "../../app/routes/_default.login_.code";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase } from "../fixtures/database";
import { contextFor, formOf } from "../fixtures/context";
import { createMember } from "../fixtures/members";
import { callRoute, statusOf } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";

const tenant = tenantSchema.parse(tenantFixture({ id: "twostep", domains: ["twostep.example"] }));
const PASSWORD = "zomer-fiets-lamp-42";
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  setDatabaseHandle(handle);
});
afterAll(async () => {
  setDatabaseHandle(undefined);
  await handle.close();
});

function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  return new Request(`https://twostep.example${path}`, { method: "POST", body: formOf(fields), headers: cookie ? { cookie } : {} });
}

describe("two-step login (review L-6)", () => {
  it("is turned on with a right code only, keeps the secret sealed, and gives ten recovery codes once", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "on@example.com", password: PASSWORD });
    const { secret, uri } = newTwoFactorSecret({ email: "on@example.com", brand: "Two Step" });
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(await enableTwoFactor(handle.db, id, secret, "000000")).toEqual({ ok: false });
    const enabled = await enableTwoFactor(handle.db, id, secret, await generate({ secret }));
    expect(enabled.ok && enabled.recoveryCodes).toHaveLength(10);
    expect(await twoFactorEnabled(handle.db, id)).toBe(true);
    const [row] = await handle.db.select({ secret: members.totpSecret, codes: members.totpRecoveryCodes }).from(members).where(eq(members.id, id));
    expect(row!.secret).not.toContain(secret);
    expect(JSON.stringify(row!.codes)).not.toContain(enabled.ok ? enabled.recoveryCodes[0] : "x");
    // At least 64 random bits each, kept as a keyed hash: a stolen row or export cannot be hashed through (review N-L-4).
    for (const code of enabled.ok ? enabled.recoveryCodes : []) {
      expect(code.replace(/[^0-9a-f]/g, "").length * 4).toBeGreaterThanOrEqual(64);
      for (const plain of [code, code.trim().toLowerCase(), code.replace(/-/g, "")]) expect(row!.codes).not.toContain(createHash("sha256").update(plain).digest("hex"));
    }
  });

  it("takes a code once (no replay), a recovery code once, and nothing wrong", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "codes@example.com", password: PASSWORD });
    const { secret } = newTwoFactorSecret({ email: "codes@example.com", brand: "Two Step" });
    const first = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 });
    const enabled = await enableTwoFactor(handle.db, id, secret, first);
    if (!enabled.ok) throw new Error("not enabled");
    const now = await generate({ secret });
    expect(await checkSecondFactor(handle.db, id, now)).toBe(true);
    expect(await checkSecondFactor(handle.db, id, now)).toBe(false);
    expect(await checkSecondFactor(handle.db, id, "123456")).toBe(false);
    const recovery = enabled.recoveryCodes[3]!;
    expect(await checkSecondFactor(handle.db, id, recovery.toUpperCase())).toBe(true);
    expect(await checkSecondFactor(handle.db, id, recovery)).toBe(false);
    // A code given before the keyed hashes (40 bits, plain SHA-256) still works, once.
    await handle.db.update(members).set({ totpRecoveryCodes: [createHash("sha256").update("abcde-12345").digest("hex")] }).where(eq(members.id, id));
    expect(await checkSecondFactor(handle.db, id, " ABCDE-12345 ")).toBe(true);
    expect(await checkSecondFactor(handle.db, id, "abcde-12345")).toBe(false);
    await disableTwoFactor(handle.db, id);
    expect(await twoFactorEnabled(handle.db, id)).toBe(false);
  });

  it("at login, the password alone gives no session: the code page does", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "login@example.com", password: PASSWORD });
    const { secret } = newTwoFactorSecret({ email: "login@example.com", brand: "Two Step" });
    await enableTwoFactor(handle.db, id, secret, await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }));

    const afterPassword = (await callRoute(loginAction({ request: post("/login", { email: "login@example.com", password: PASSWORD, redirectTo: "/chats" }), context: contextFor(tenant), params: {} }))) as Response;
    expect(afterPassword.headers.get("location")).toBe("/login/code?redirectTo=%2Fchats");
    const setCookie = afterPassword.headers.get("set-cookie")!;
    expect(setCookie).not.toMatch(/(^|, )(__Host-)?sid=/);
    const step = setCookie.split(";")[0]!;

    const wrong = await callRoute(codeAction({ request: post("/login/code?redirectTo=%2Fchats", { code: "000000" }, step), context: contextFor(tenant), params: {} }));
    expect(statusOf(wrong)).toBe(400);
    const right = (await callRoute(codeAction({ request: post("/login/code?redirectTo=%2Fchats", { code: await generate({ secret }) }, step), context: contextFor(tenant), params: {} }))) as Response;
    expect(right.headers.get("location")).toBe("/chats");
    expect(right.headers.get("set-cookie")).toMatch(/sid=/);
    // Without the step from a right password, the code page is no way in.
    expect(((await callRoute(codeAction({ request: post("/login/code", { code: "000000" }), context: contextFor(tenant), params: {} }))) as Response).headers.get("location")).toBe("/login");
  });
});
