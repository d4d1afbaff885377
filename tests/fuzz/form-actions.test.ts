/// <reference types="vite/client" />
import { createStaff } from "../../app/models/staff/staff-accounts.server";
import type { StaffMember } from "../../app/models/staff/staff-roles";
import { readdirSync } from "node:fs";
import path from "node:path";
import type { ActionFunction, AppLoadContext } from "@remix-run/node";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { setDatabaseHandle } from "../../db/database.server";
import { resultRows } from "../../db/client.server";
import { tenants } from "../../app/tenancy/tenants.server";
import { guardRequest } from "../../app/web/request-guard.server";
import { createTestDatabase } from "../fixtures/database";
import { contextFor } from "../fixtures/context";
import { captureMail } from "../fixtures/mail";
import { createMember, type TestMember } from "../fixtures/members";

/*
 * Every form action and API payload fuzzed against the real actions on a real database
 * (issue 16, "Proof"; docs/decisions/015-test-strategy.md): arbitrary fields — the names the
 * forms use with wrong, empty, huge, unicode and control-character values, and random names — as a
 * visitor and as a member. An answer may refuse with any 4xx; it may never be a 5xx or an
 * uncaught error, and the database's invariants must hold after every case.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");
const modules = import.meta.glob<{ action?: ActionFunction }>("../../app/routes/*.{ts,tsx}");

/** Every field name a form of the site sends. */
const FIELD_NAMES = [
  "intent", "member", "body", "gift", "email", "email_confirmed", "use_suggestion", "password", "repeat", "old_password", "name", "date_of_birth",
  "signup_message", "token", "code", "product", "account_holder", "iban", "street", "house_number", "zip", "city", "phone", "consent", "request",
  "redirectTo", "language", "alert", "reason", "remarks", "session", "invisible", "types", "country", "region", "gender", "sexuality",
  "sexuality_consent", "about", "interests", "photo", "id", "conversation", "before", "endpoint", "keys", "path", "decision", "status", "method", "issuer",
  "note", "profile", "birthDate", "brands", "bodyType", "limit", "noFirstMessages",
];
const INTENTS = [
  "like", "unlike", "gift", "block", "unblock", "pass", "email", "password", "invisible", "mandate", "verify", "resend", "discount", "end", "end-all",
  "types", "reenable", "skip", "basics", "location", "personal", "interests", "about", "upload-photo", "main-photo", "delete-photo",
  "withdraw-sexuality-consent", "delete", "keep", "accept",
  "claim", "renew", "release", "reply", "photo", "honest_answer", "care_warning", "persona-note", "member-note", "save",
];

const value = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 200 }) },
  { weight: 2, arbitrary: fc.constantFrom("", " ", "0", "-1", "1e309", "NaN", "on", "null", "undefined", "[]", "{}", "<script>alert(1)</script>", "\u0000", "\u202e", "../../etc/passwd", "//evil.example", "/\t/evil.example") },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(5000), "é".repeat(3000)) },
);

const fields = fc.record(
  {
    intent: fc.oneof(fc.constantFrom(...INTENTS), value),
    named: fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }),
    random: fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), value, { maxKeys: 3 }),
  },
  { requiredKeys: ["named"] },
);

function formBody(input: { intent?: string; named: Record<string, string>; random?: Record<string, string> }): URLSearchParams {
  const body = new URLSearchParams();
  if (input.intent !== undefined) body.append("intent", input.intent);
  for (const [key, item] of Object.entries({ ...input.random, ...input.named })) body.append(key, item);
  return body;
}

/** What a route answered: a status, or the uncaught error that would have been a 500. */
async function statusOf(call: () => unknown): Promise<number> {
  try {
    const answer = await call();
    if (answer instanceof Response) return answer.status;
    if (answer && typeof answer === "object" && (answer as { type?: string }).type === "DataWithResponseInit") return (answer as { init: ResponseInit | null }).init?.status ?? 200;
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    if (thrown && typeof thrown === "object" && (thrown as { type?: string }).type === "DataWithResponseInit") return (thrown as { init: ResponseInit | null }).init?.status ?? 200;
    throw thrown;
  }
}

let handle: DatabaseHandle;
let mail: ReturnType<typeof captureMail>;
let member: TestMember;
let partner: TestMember;
const tenant = tenants().get("flirtpunt")!;
let ADMIN: StaffMember;

beforeAll(async () => {
  handle = await createTestDatabase();
  setDatabaseHandle(handle);
  mail = captureMail();
  member = await createMember(handle.db, { tenant, name: "Fuzz", email: "fuzz@example.com", password: "zomer-fiets-lamp-42", credits: 50 });
  partner = await createMember(handle.db, { tenant, name: "Partner" });
  const admin = await createStaff(handle.db, { email: "fuzz-admin@staff.example", name: "Fuzz", roles: ["admin"], brands: [], languages: [], uiLanguage: "en" });
  if ("error" in admin) throw new Error("staff exists");
  ADMIN = { id: admin.id, email: "fuzz-admin@staff.example", name: "Fuzz", roles: ["admin"], brands: [], languages: [], uiLanguage: "en" };
});
afterAll(async () => {
  mail.restore();
  setDatabaseHandle(undefined);
  await handle.close();
});

/** The database's rules that no request may break, whatever it sent. */
async function invariantsHold(): Promise<void> {
  const broken = resultRows<{ what: string }>(
    await handle.db.execute(sql`
      select 'negative balance' as what from members where credits < 0 or credit_debt < 0
      union all select 'ledger does not add up' from members m where m.credits <> coalesce((select l.balance_after from credit_ledger l where l.member_id = m.id order by l.id desc limit 1), m.credits)
      union all select 'conversation without a message' from conversations c where not exists (select 1 from messages x where x.conversation_id = c.id)
      union all select 'paid order without its credits' from orders o where o.status = 'paid' and not exists (select 1 from credit_ledger l where l.reason = 'order' and l.reference = o.id::text)
    `),
  );
  expect(broken.map((row) => row.what)).toEqual([]);
}

// The local pages under /dev/ answer only this machine with the local services on (docs/product/safety.md#fail-closed-defaults).
const routeFiles = readdirSync(ROUTES_DIR).filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith(".test.ts") && !file.startsWith("dev."));
const actionRoutes: Array<{ file: string; action: ActionFunction }> = [];
for (const file of routeFiles) {
  const { action } = await modules[`../../app/routes/${file}`]!();
  if (action) actionRoutes.push({ file, action });
}

describe("every form action, fuzzed", () => {
  it("covers every route that exports an action (a new one is fuzzed without being listed)", () => {
    expect(Object.keys(modules).length).toBe(readdirSync(ROUTES_DIR).filter((file) => /\.(ts|tsx)$/.test(file)).length);
    expect(actionRoutes.length).toBeGreaterThanOrEqual(45);
  });

  for (const { file, action } of actionRoutes) {
    it(`${file}: only 4xx for any input, never a 5xx, the database whole`, async () => {
      // Dots are slashes, but a bracketed one is a literal dot (api.user[.php].ts is /api/user.php).
      const routePath = `/${file.replace(/\.(tsx|ts)$/, "").replace(/^_(default|chat)\./, "").replace(/\[([^\]]*)\]|\./g, (dot, literal?: string) => literal ?? "/")}`;
      await fc.assert(
        fc.asyncProperty(fields, fc.boolean(), fc.oneof(fc.constant(String(partner.id)), value), fc.oneof(fc.constant(null), fc.jsonValue()), async (input, asMember, id, json) => {
          // The staff area's actions are fuzzed as an admin (every role) or a visitor; the rest as a member or a visitor.
          const signedIn = file.startsWith("staff.") ? { staff: ADMIN } : { member: member.current, sessionId: null };
          const context: AppLoadContext = contextFor(tenant, asMember ? signedIn : {});
          // The whole path of a request: the one request guard, then the action.
          // A script's call (api.*) sends JSON: the form's fields, or any JSON value at all.
          const asJson = file.startsWith("api.") && json !== null;
          const body = asJson ? JSON.stringify(typeof json === "object" && json !== null && !Array.isArray(json) ? { ...input.named, ...json } : json) : formBody(input);
          const headers: Record<string, string> = { "sec-fetch-site": "same-origin", ...(asJson ? { "content-type": "application/json" } : {}) };
          const sent = new Request(`http://flirtpunt.localhost${routePath}`, { method: "POST", body, headers });
          const guarded = await guardRequest(sent, "flirtpunt.localhost", "nl");
          const status =
            "refused" in guarded ? guarded.refused.status : await statusOf(() => action({ request: guarded.request, context, params: { id, provider: id, token: id, method: id, "*": id } }));
          expect(status, `${file} answered ${status} for ${JSON.stringify(input)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
      await invariantsHold();
    });
  }
});
