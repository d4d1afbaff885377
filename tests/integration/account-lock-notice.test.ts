import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginAttempts } from "../../db/schema/index";
import { action as loginAction } from "../../app/routes/_default.login";
import { checkCurrentPassword } from "../../app/models/accounts/account-settings.server";
import { ACCOUNT_FAILURE_LIMIT } from "../../app/models/accounts/login-throttle.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { contextFor, formOf } from "../fixtures/context";
import { createMember } from "../fixtures/members";
import { routeDatabase } from "../fixtures/route-database";
import { callRoute } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";

const tenant = tenantSchema.parse(tenantFixture({ id: "locksite", domains: ["locksite.example"] }));
const PASSWORD = "right-password-heron";

const routes = routeDatabase();

function login(email: string, password: string): Promise<unknown> {
  const request = new Request("https://locksite.example/login", { method: "POST", body: formOf({ email, password, redirectTo: "/" }) });
  return callRoute(loginAction({ request, context: contextFor(tenant), params: {} }));
}

describe("the owner hears when wrong passwords block the account (review L-4)", () => {
  it("mails the owner once, in their language, when the login's failures block it, and not again that day", async () => {
    await createMember(routes.handle.db, { tenant, email: "locked@example.com", password: PASSWORD, language: "en" });
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) await login("locked@example.com", `wrong-${i}`);
    expect(routes.mail.sent).toEqual([]);
    await login("locked@example.com", "wrong-last");
    expect(routes.mail.sent.map((m) => [m.to, m.subject])).toEqual([["locked@example.com", "Your account on Test Site is blocked for a moment"]]);
    expect(routes.mail.sent[0]!.text).toContain("5 times");
    await login("locked@example.com", "still-wrong");
    expect(routes.mail.sent).toHaveLength(1);
    // Once the block is over, blocking it again the same day sends nothing more.
    await routes.handle.db.update(loginAttempts).set({ createdAt: new Date(Date.now() - 20 * 60_000) }).where(eq(loginAttempts.email, "locked@example.com"));
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) await login("locked@example.com", `again-${i}`);
    expect(routes.mail.sent).toHaveLength(1);
  });

  it("mails nobody for an address without an account", async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) await login("nobody@example.com", `wrong-${i}`);
    expect(routes.mail.sent).toEqual([]);
  });

  it("mails the owner when the settings forms' password check blocks it", async () => {
    const { id } = await createMember(routes.handle.db, { tenant, email: "settings-lock@example.com", password: PASSWORD });
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) await checkCurrentPassword(routes.handle.db, tenant, id, `wrong-${i}`, null);
    expect(routes.mail.sent.map((m) => m.to)).toEqual(["settings-lock@example.com"]);
    expect(routes.mail.sent[0]!.subject).toBe("Je account op Test Site is even geblokkeerd");
  });
});

describe("the settings forms' password check takes the login's lock (review L-4)", () => {
  it("lets no more wrong guesses try than the limit, however many arrive at once", async () => {
    const { id } = await createMember(routes.handle.db, { tenant, email: "parallel-settings@example.com", password: PASSWORD });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => checkCurrentPassword(routes.handle.db, tenant, id, `wrong-guess-${i}`, null)));
    const failures = await routes.handle.db.select().from(loginAttempts).where(and(eq(loginAttempts.siteId, tenant.id), eq(loginAttempts.email, "parallel-settings@example.com")));
    expect(failures).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(results.filter((r) => !r.ok && r.reason === "blocked")).toHaveLength(12 - ACCOUNT_FAILURE_LIMIT);
  });
});
