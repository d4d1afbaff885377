import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { setDatabaseHandle } from "../../db/database.server";
import { creditLedger, emailTokens, members, profiles } from "../../db/schema/index";
import { createAccount } from "../../app/models/accounts/accounts.server";
import { submitSignup } from "../../app/models/accounts/pages/signup.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase } from "../fixtures/database";
import { contextFor, formOf } from "../fixtures/context";
import { tenantFixture } from "../fixtures/tenant";

const base = tenantFixture({ id: "signupsite", domains: ["signupsite.example"] });
const tenant = tenantSchema.parse({ ...base, settings: { ...base.settings, min_age: 21, signup_credits: 30 } });
const context = contextFor(tenant, { language: "de", country: "BE" });

const valid = {
  email: "anna.visser@example.com",
  name: "Anna",
  password: "zomer-fiets-lamp-42",
  date_of_birth: "1990-04-12",
};

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  setDatabaseHandle(handle);
});
afterAll(async () => {
  setDatabaseHandle(undefined);
  await handle.close();
});

async function signup(fields: Record<string, string>) {
  return submitSignup(formOf(fields), tenant, context, null);
}

async function errorsOf(fields: Record<string, string>) {
  const outcome = await signup(fields);
  if (outcome.ok) throw new Error("signup unexpectedly succeeded");
  return outcome;
}

describe("signup validation", () => {
  it.each([
    [{ email: "not-an-email" }, "email", "validation.emailInvalid"],
    [{ email: "" }, "email", "validation.emailRequired"],
    [{ name: "@anna" }, "name", "validation.nameStartsWithAt"],
    [{ name: "anna.visser@example.com" }, "name", "validation.nameIsEmail"],
    [{ name: "A" }, "name", "validation.nameTooShort"],
    [{ password: "short" }, "password", "validation.passwordTooShort"],
    [{ date_of_birth: "2001-02-30" }, "date_of_birth", "validation.dateOfBirthInvalid"],
    [{ date_of_birth: "" }, "date_of_birth", "validation.dateOfBirthRequired"],
    [{ date_of_birth: new Date(Date.now() - 20 * 365.25 * 86_400_000).toISOString().slice(0, 10) }, "date_of_birth", "validation.dateOfBirthRequired"],
  ])("refuses %o on %s with %s", async (override, field, key) => {
    const outcome = await errorsOf({ ...valid, ...override });
    expect(outcome.reply.error?.[field]).toContain(key);
  });

  it("keeps what was typed, except the password", async () => {
    const outcome = await errorsOf({ ...valid, name: "@anna" });
    expect(outcome.reply.initialValue).toMatchObject({ email: valid.email, name: "@anna", date_of_birth: valid.date_of_birth });
    expect(outcome.reply.initialValue?.password).toBeUndefined();
  });

  it("refuses a common password", async () => {
    const outcome = await errorsOf({ ...valid, password: "password123" });
    expect(outcome.reply.error?.password).toEqual(["validation.passwordGuessable"]);
  });

  it("suggests a correction for a mistyped domain, and accepts either answer", async () => {
    const outcome = await errorsOf({ ...valid, email: "kees@gmial.com" });
    expect(outcome.suggestion).toBe("kees@gmail.com");
    expect(outcome.reply.error?.email).toEqual(["validation.emailSuggestion"]);

    const used = await signup({ ...valid, email: "kees@gmial.com", use_suggestion: "kees@gmail.com" });
    expect(used.ok && used.email).toBe("kees@gmail.com");
    const kept = await signup({ ...valid, email: "piet@gmial.com", email_confirmed: "piet@gmial.com" });
    expect(kept.ok && kept.email).toBe("piet@gmial.com");
  });
});

describe("creating the account", () => {
  it("creates an unconfirmed member with profile, signup credits in the ledger and an activation token", async () => {
    const outcome = await submitSignup(formOf({ ...valid, signup_message: "Hallo!" }), tenant, context, { network: "adnet", sub1: "x" });
    if (!outcome.ok || !outcome.account) throw new Error(JSON.stringify(outcome));
    const id = outcome.account.memberId;
    const [member] = await handle.db.select().from(members).where(eq(members.id, id));
    expect(member).toMatchObject({ siteId: "signupsite", email: valid.email, status: "not_confirmed", credits: 30, language: "de" });
    expect(member!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(member!.tracking).toEqual({ network: "adnet", sub1: "x" });
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.memberId, id));
    expect(profile).toMatchObject({ pool: "signupsite", name: "Anna", birthDate: "1990-04-12", country: "BE", about: "Hallo!" });
    const ledger = await handle.db.select().from(creditLedger).where(eq(creditLedger.memberId, id));
    expect(ledger).toEqual([expect.objectContaining({ delta: 30, balanceAfter: 30, reason: "signup" })]);
    const tokens = await handle.db.select().from(emailTokens).where(eq(emailTokens.memberId, id));
    expect(tokens).toEqual([expect.objectContaining({ purpose: "activate", usedAt: null })]);
    expect(tokens[0]!.tokenHash).not.toBe(outcome.account.activationToken);
  });

  it("invites an existing member to log in instead", async () => {
    const outcome = await errorsOf({ ...valid, email: "ANNA.VISSER@example.com" });
    expect(outcome.reply.error?.email).toEqual(["validation.emailTaken"]);
  });

  it("explains reactivation for an account that is being deleted", async () => {
    const created = await signup({ ...valid, email: "leaving@example.com" });
    if (!created.ok || !created.account) throw new Error("setup failed");
    await handle.db.update(members).set({ status: "deletion_requested" }).where(eq(members.id, created.account.memberId));
    const outcome = await errorsOf({ ...valid, email: "leaving@example.com" });
    expect(outcome.reply.error?.email).toEqual(["validation.emailDeleting"]);
  });

  it("creates one account when the same address signs up twice at once", async () => {
    const form = { ...valid, email: "twice@example.com", date_of_birth: "1985-01-01" };
    const input = { tenant, form: { ...form, signup_message: undefined, email_confirmed: undefined }, tracking: null, language: "nl" as const, country: null };
    const results = await Promise.all([createAccount(handle.db, input), createAccount(handle.db, input), createAccount(handle.db, input)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await handle.db.select().from(members).where(eq(members.email, "twice@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("keeps accounts of different brands apart: the same address may sign up on another brand", async () => {
    const other = tenantSchema.parse(tenantFixture({ id: "othersite", domains: ["othersite.example"] }));
    const outcome = await submitSignup(formOf(valid), other, contextFor(other), null);
    expect(outcome.ok).toBe(true);
  });
});
