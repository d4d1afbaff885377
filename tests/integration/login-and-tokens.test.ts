import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { loginAttempts, members } from "../../db/schema/index";
import { checkLogin, confirmEmail } from "../../app/models/accounts/accounts.server";
import { consumeToken, issueToken, peekToken, TOKEN_LIFETIME_MS } from "../../app/models/accounts/email-tokens.server";
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, loginBlockedMinutes, recordLoginAttempt } from "../../app/models/accounts/login-throttle.server";
import { WIDER_NETWORK_FACTOR } from "../../app/utils/address-network";
import { endMemberSessions, endSession, findSessionMember, sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";

let handle: TestDatabase;
let memberId: number;
const SITE = "loginsite";
const PASSWORD = "zomer-fiets-lamp-42";

/** A member with PASSWORD, named after the address. */
const addMember = async (email: string, status: "active" | "not_confirmed" | "deletion_requested" = "active", siteId = SITE) =>
  (await createMember(handle.db, { siteId, email, status, password: PASSWORD, name: email.split("@")[0]! })).id;

beforeAll(async () => {
  handle = await createTestDatabase();
  memberId = await addMember("kees@example.com", "not_confirmed");
});
afterAll(() => handle.close());

describe("one-time e-mail tokens", () => {
  it("work once, for their purpose and site only", async () => {
    const token = await issueToken(handle.db, { memberId, purpose: "activate" });
    expect(await consumeToken(handle.db, token, "reset_password", SITE)).toBeNull();
    expect(await consumeToken(handle.db, token, "activate", "someothersite")).toBeNull();
    expect(await peekToken(handle.db, token, "activate", SITE)).toBe(true);
    expect(await consumeToken(handle.db, token, "activate", SITE)).toEqual({ memberId, newEmail: null, targetPath: null });
    expect(await consumeToken(handle.db, token, "activate", SITE)).toBeNull();
    expect(await peekToken(handle.db, token, "activate", SITE)).toBe(false);
  });

  it("expire", async () => {
    const issued = new Date("2026-01-01T00:00:00Z");
    const token = await issueToken(handle.db, { memberId, purpose: "reset_password", now: issued });
    const late = new Date(issued.getTime() + TOKEN_LIFETIME_MS.reset_password + 1000);
    expect(await consumeToken(handle.db, token, "reset_password", SITE, late)).toBeNull();
  });

  it("are used by exactly one of several clicks at once", async () => {
    const token = await issueToken(handle.db, { memberId, purpose: "activate" });
    const results = await Promise.all(Array.from({ length: 5 }, () => consumeToken(handle.db, token, "activate", SITE)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("refuse malformed tokens without a query", async () => {
    expect(await consumeToken(handle.db, "../../etc", "activate", SITE)).toBeNull();
  });

  it("confirming the e-mail makes the account active", async () => {
    await confirmEmail(handle.db, memberId);
    const [row] = await handle.db.select({ status: members.status }).from(members).where(eq(members.id, memberId));
    expect(row?.status).toBe("active");
  });
});

describe("checkLogin", () => {
  it("accepts the right password and refuses a wrong one or an unknown address alike", async () => {
    const email = "login1@example.com";
    const id = await addMember(email, "not_confirmed");
    expect(await checkLogin(handle.db, { siteId: SITE, email: " Login1@Example.com ", password: PASSWORD, ip: null })).toEqual({ ok: true, memberId: id });
    expect(await checkLogin(handle.db, { siteId: SITE, email, password: "wrong-password", ip: null })).toEqual({ ok: false, blockedMinutes: 0 });
    expect(await checkLogin(handle.db, { siteId: SITE, email: "nobody@example.com", password: PASSWORD, ip: null })).toEqual({ ok: false, blockedMinutes: 0 });
    expect(await checkLogin(handle.db, { siteId: "othersite", email, password: PASSWORD, ip: null })).toEqual({ ok: false, blockedMinutes: 0 });
  });

  it("refuses an account that is being deleted", async () => {
    await addMember("leaving@example.com", "deletion_requested");
    expect((await checkLogin(handle.db, { siteId: SITE, email: "leaving@example.com", password: PASSWORD, ip: null })).ok).toBe(false);
  });

  it(`blocks an account for 15 minutes after ${ACCOUNT_FAILURE_LIMIT} wrong passwords, even for the right one`, async () => {
    const email = "login2@example.com";
    await addMember(email);
    for (let i = 1; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect(await checkLogin(handle.db, { siteId: SITE, email, password: `wrong-${i}`, ip: null })).toEqual({ ok: false, blockedMinutes: 0 });
    }
    expect(await checkLogin(handle.db, { siteId: SITE, email, password: "wrong-last", ip: null })).toEqual({ ok: false, blockedMinutes: 15, lockedMemberId: expect.any(Number) });
    expect(await checkLogin(handle.db, { siteId: SITE, email, password: PASSWORD, ip: null })).toEqual({ ok: false, blockedMinutes: 15 });
    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect(await loginBlockedMinutes(handle.db, { siteId: SITE, email, ip: null }, later)).toBe(0);
  });

  it("counts failures in the database, so a second server process sees the block", async () => {
    const email = "login3@example.com";
    await addMember(email);
    // A second connection pool to the same database stands in for a second server process.
    const second = handle.url ? openDatabase({ url: handle.url, maxConnections: 2 }) : handle;
    try {
      for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
        await recordLoginAttempt(i % 2 === 0 ? handle.db : second.db, { siteId: SITE, email, ip: null }, false);
      }
      expect(await loginBlockedMinutes(second.db, { siteId: SITE, email, ip: null })).toBe(15);
    } finally {
      if (second !== handle) await second.close();
    }
  });

  it("a successful login resets the account's count", async () => {
    const email = "login4@example.com";
    await addMember(email);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) await checkLogin(handle.db, { siteId: SITE, email, password: "nope", ip: null });
    expect((await checkLogin(handle.db, { siteId: SITE, email, password: PASSWORD, ip: null })).ok).toBe(true);
    expect(await checkLogin(handle.db, { siteId: SITE, email, password: "nope", ip: null })).toEqual({ ok: false, blockedMinutes: 0 });
  });

  it("limits one address trying many accounts", async () => {
    const ip = "198.51.100.9";
    for (let i = 0; i < 30; i++) await recordLoginAttempt(handle.db, { siteId: SITE, email: `guess${i}@example.com`, ip }, false);
    expect(await loginBlockedMinutes(handle.db, { siteId: SITE, email: "fresh@example.com", ip })).toBeGreaterThan(0);
    expect(await loginBlockedMinutes(handle.db, { siteId: SITE, email: "fresh@example.com", ip: "198.51.100.10" })).toBe(0);
  });

  it("counts an IPv6 address by its /64: rotating through one network's addresses guesses no further (N-L-1)", async () => {
    for (let i = 0; i < 30; i++) await recordLoginAttempt(handle.db, { siteId: SITE, email: `rotate${i}@example.com`, ip: `2001:db8:1:2::${(i + 1).toString(16)}` }, false);
    expect(await loginBlockedMinutes(handle.db, { siteId: SITE, email: "fresh@example.com", ip: "2001:db8:1:2:ffff::1" })).toBeGreaterThan(0);
    expect(await loginBlockedMinutes(handle.db, { siteId: SITE, email: "fresh@example.com", ip: "2001:db8:1:3::1" })).toBe(0);
  });

  it("puts a ceiling on an IPv6 /48: rotating through its /64s guesses only so much further (N-L-1)", async () => {
    const ceiling = ADDRESS_FAILURE_LIMIT * WIDER_NETWORK_FACTOR;
    // Each /64 stays below its own limit; together they reach the /48's ceiling.
    for (let i = 0; i < ceiling; i++) await recordLoginAttempt(handle.db, { siteId: SITE, email: `wide${i}@example.com`, ip: `2001:db8:77:${Math.floor(i / 20).toString(16)}::${(i % 20) + 1}` }, false);
    expect(await loginBlockedMinutes(handle.db, { siteId: SITE, email: "fresh@example.com", ip: "2001:db8:77:ffff::1" })).toBeGreaterThan(0);
    expect(await loginBlockedMinutes(handle.db, { siteId: SITE, email: "fresh@example.com", ip: "2001:db8:78::1" })).toBe(0);
  });

  it("limits an address per brand: failures on one brand lock nobody out of another", async () => {
    const ip = "198.51.100.11";
    for (let i = 0; i < 30; i++) await recordLoginAttempt(handle.db, { siteId: SITE, email: `try${i}@example.com`, ip }, false);
    expect(await loginBlockedMinutes(handle.db, { siteId: SITE, email: "fresh@example.com", ip })).toBeGreaterThan(0);
    expect(await loginBlockedMinutes(handle.db, { siteId: "otherbrand", email: "fresh@example.com", ip })).toBe(0);
  });
});

describe("parallel guesses (review L-4)", () => {
  it("take turns: no more failures than the limit get to try a password before the account is blocked", async () => {
    await addMember("parallel@example.com");
    const guesses = Array.from({ length: 12 }, (_, i) => checkLogin(handle.db, { siteId: SITE, email: "parallel@example.com", password: `wrong-guess-${i}`, ip: null }));
    const results = await Promise.all(guesses);
    const failures = await handle.db.select().from(loginAttempts).where(and(eq(loginAttempts.siteId, SITE), eq(loginAttempts.email, "parallel@example.com")));
    expect(failures).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(results.filter((r) => !r.ok && r.blockedMinutes > 0)).toHaveLength(12 - ACCOUNT_FAILURE_LIMIT + 1);
  });
});

describe("sessions", () => {
  it("are found by the cookie's id on their own site only, and end on logout", async () => {
    const id = await addMember("session@example.com");
    const cookie = await startSession(handle.db, { memberId: id, siteId: SITE, userAgent: "test" });
    const sessionId = await sessionIdFrom(cookie.split(";")[0]!);
    expect(sessionId).toBeTruthy();
    expect((await findSessionMember(handle.db, sessionId!, SITE))?.id).toBe(id);
    expect(await findSessionMember(handle.db, sessionId!, "othersite")).toBeNull();
    await endSession(handle.db, sessionId!);
    expect(await findSessionMember(handle.db, sessionId!, SITE)).toBeNull();
  });

  it("use a new id every login, and other sessions can be ended at once", async () => {
    const id = await addMember("many@example.com");
    const first = (await sessionIdFrom((await startSession(handle.db, { memberId: id, siteId: SITE, userAgent: null })).split(";")[0]!))!;
    const second = (await sessionIdFrom((await startSession(handle.db, { memberId: id, siteId: SITE, userAgent: null })).split(";")[0]!))!;
    expect(first).not.toBe(second);
    await endMemberSessions(handle.db, id, second);
    expect(await findSessionMember(handle.db, first, SITE)).toBeNull();
    expect((await findSessionMember(handle.db, second, SITE))?.id).toBe(id);
  });

  it("are ignored when the cookie was tampered with", async () => {
    expect(await sessionIdFrom("sid=abc.def")).toBeNull();
    expect(await sessionIdFrom(null)).toBeNull();
  });
});
