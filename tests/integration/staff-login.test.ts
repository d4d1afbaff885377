import { and, eq, isNull } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffAudit, staffSessions } from "../../db/schema/index";
import { createStaff, findStaffSession, finishStaffLogin, setStaffPassword, startStaffLogin } from "../../app/models/staff/staff-accounts.server";
import { ACCOUNT_FAILURE_LIMIT } from "../../app/models/accounts/login-throttle.server";
import { CODE_FAILURES_BEFORE_ALERT } from "../../app/models/staff/staff-login-alert.server";
import { captureMail } from "../fixtures/mail";
import { testDatabasePerFile } from "../fixtures/database";

/**
 * The staff login's two steps under attack (docs/product/staff.md#staff-accounts, review N-M-1,
 * N-L-3). The bursts are fired at once: on PostgreSQL each attempt has a connection of its own,
 * so they truly run side by side; only the lock makes them take turns.
 */
const handle = testDatabasePerFile();
// Bursts of wrong codes raise the alert mail; every test's mail is caught here.
let mail: ReturnType<typeof captureMail>;
beforeAll(() => {
  mail = captureMail();
});
afterAll(() => mail.restore());
const PASSWORD = "lang genoeg wachtwoord 42";
const BURST = 20;
let count = 0;
/** A new address for every attempt, so only the per-account limits can hold a burst back. */
const address = () => `198.51.100.${(count % 250) + 1}`;

async function staffAccount(roles: Array<"admin" | "moderator" | "operator"> = ["admin"], brands: string[] = []) {
  count += 1;
  const email = `login${count}@staff.example`;
  const created = await createStaff(handle.db, { email, name: "Login", roles, brands, languages: [], uiLanguage: "en" });
  if ("error" in created) throw new Error("exists");
  expect(await setStaffPassword(handle.db, created.setupToken, PASSWORD)).toBe(true);
  return { email, id: created.id, secret: new URL(created.totpUri).searchParams.get("secret")! };
}

async function pendingSession(email: string): Promise<string> {
  const started = await startStaffLogin(handle.db, { email, password: PASSWORD, ip: null, userAgent: null });
  if (!started.ok) throw new Error("password refused");
  return started.sessionId;
}

describe("the staff login under a burst (review N-M-1)", () => {
  it("judges at most the throttle's number of parallel wrong passwords; the rest are refused as blocked", async () => {
    const { email } = await staffAccount();
    const outcomes = await Promise.all(Array.from({ length: BURST }, (_, n) => startStaffLogin(handle.db, { email, password: `wrong ${n}`, ip: `203.0.113.${n + 1}`, userAgent: null })));
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.blockedMinutes === 0).length).toBeLessThanOrEqual(ACCOUNT_FAILURE_LIMIT);
    expect((await startStaffLogin(handle.db, { email, password: PASSWORD, ip: "203.0.113.200", userAgent: null })).ok).toBe(false);
  });

  it("judges at most the throttle's number of parallel codes for one pending session; then even the right code is refused", async () => {
    const { email, secret } = await staffAccount();
    const sessionId = await pendingSession(email);
    const outcomes = await Promise.all(Array.from({ length: BURST }, (_, n) => finishStaffLogin(handle.db, sessionId, String(n).padStart(6, "0"), `203.0.113.${n + 1}`)));
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.blockedMinutes === 0).length).toBeLessThanOrEqual(ACCOUNT_FAILURE_LIMIT);
    expect((await finishStaffLogin(handle.db, sessionId, await generate({ secret }), address())).ok).toBe(false);
  });
});

describe("wrong codes after a right password (review N-M-1)", () => {
  it("alert the staff member and the admins of their brands once, not the admins of other brands", async () => {
    const operator = await staffAccount(["operator"], ["flirtpunt"]);
    const ownAdmin = await staffAccount(["admin"], ["flirtpunt", "herchoice"]);
    const otherAdmin = await staffAccount(["admin"], ["herchoice"]);
    mail.sent.length = 0;
    const sessionId = await pendingSession(operator.email);
    for (let n = 0; n < CODE_FAILURES_BEFORE_ALERT + 1; n += 1) {
      expect((await finishStaffLogin(handle.db, sessionId, "000000", address())).ok).toBe(false);
      if (n < CODE_FAILURES_BEFORE_ALERT - 1) expect(mail.sent).toEqual([]);
    }
    const to = mail.sent.map((sent) => sent.to);
    expect(to).toContain(operator.email);
    expect(to).toContain(ownAdmin.email);
    expect(to).not.toContain(otherAdmin.email);
    // Once: the failure after the alert raised no second round.
    expect(to.filter((address) => address === operator.email)).toHaveLength(1);
    expect(mail.sent.find((sent) => sent.to === ownAdmin.email)?.text).toContain(operator.email);
    const alerts = await handle.db.select().from(staffAudit).where(and(eq(staffAudit.action, "login_alert"), eq(staffAudit.staffId, operator.id)));
    expect(alerts).toHaveLength(1);
  });

  it("are not raised by wrong passwords", async () => {
    const { email } = await staffAccount(["operator"], ["flirtpunt"]);
    mail.sent.length = 0;
    for (let n = 0; n < CODE_FAILURES_BEFORE_ALERT + 1; n += 1) await startStaffLogin(handle.db, { email, password: `wrong ${n}`, ip: address(), userAgent: null });
    expect(mail.sent).toEqual([]);
  });
});

describe("staff sessions (review N-L-3)", () => {
  it("get a new id after the code step: the pending id counts for nothing afterwards", async () => {
    const { email, secret } = await staffAccount();
    const pending = await pendingSession(email);
    const finished = await finishStaffLogin(handle.db, pending, await generate({ secret }), address());
    if (!finished.ok) throw new Error("code refused");
    expect(finished.sessionId).not.toBe(pending);
    expect(await findStaffSession(handle.db, pending)).toBeNull();
    expect(await findStaffSession(handle.db, finished.sessionId)).toMatchObject({ staff: { email } });
  });

  it("end 12 hours after the login however often they are used", async () => {
    const { email, id, secret } = await staffAccount();
    const finished = await finishStaffLogin(handle.db, await pendingSession(email), await generate({ secret }), address());
    if (!finished.ok) throw new Error("code refused");
    await handle.db.update(staffSessions).set({ verifiedAt: new Date(Date.now() - 13 * 3_600_000), lastSeenAt: new Date() }).where(eq(staffSessions.staffId, id));
    expect(await findStaffSession(handle.db, finished.sessionId)).toBeNull();
  });

  it("write a bounded number of failed-login audit rows per address, without the typed e-mail of an unknown account", async () => {
    const ip = "192.0.2.250";
    for (let n = 0; n < 60; n += 1) await startStaffLogin(handle.db, { email: `my secret password ${n}`, password: "x", ip, userAgent: null });
    const rows = await handle.db.select({ details: staffAudit.details }).from(staffAudit).where(and(eq(staffAudit.action, "login_failed"), eq(staffAudit.ip, ip), isNull(staffAudit.staffId)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(30);
    expect(JSON.stringify(rows)).not.toContain("my secret password");
  });
});
