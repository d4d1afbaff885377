import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLogin } from "../../app/models/accounts/accounts.server";
import { changePassword } from "../../app/models/accounts/account-settings.server";
import { addressNetwork, pruneSecurityEvents, recentSecurityEvents, recordSecurityEvent } from "../../app/models/safety/security-events.server";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";

const SITE = "eventsite";
const PASSWORD = "zomer-fiets-lamp-42";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
let handle: TestDatabase;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("the security log (review L-11)", () => {
  it("records logins, failed logins and a password change with a shortened address and the browser, newest first", async () => {
    const { id } = await createMember(handle.db, { siteId: SITE, email: "log@example.com", password: PASSWORD });
    await checkLogin(handle.db, { siteId: SITE, email: "log@example.com", password: "wrong-password-1", ip: "198.51.100.23", userAgent: FIREFOX });
    await checkLogin(handle.db, { siteId: SITE, email: "log@example.com", password: PASSWORD, ip: "198.51.100.23", userAgent: FIREFOX });
    await changePassword(handle.db, { id, siteId: SITE }, "herfst-trein-vaas-77", FIREFOX);
    // An unknown address has no one to log it for.
    await checkLogin(handle.db, { siteId: SITE, email: "nobody@example.com", password: "whatever-1234", ip: "198.51.100.23" });

    const events = await recentSecurityEvents(handle.db, id);
    expect(events.map((event) => event.kind)).toEqual(["password_changed", "login", "login_failed"]);
    expect(events[1]).toMatchObject({ network: "198.51.100.0/24", device: "Firefox / Windows" });
  });

  it("keeps events a year", async () => {
    const { id } = await createMember(handle.db, { siteId: SITE, email: "old@example.com" });
    const now = new Date();
    await recordSecurityEvent(handle.db, { memberId: id, siteId: SITE, kind: "login", now: new Date(now.getTime() - 366 * 86_400_000) });
    await recordSecurityEvent(handle.db, { memberId: id, siteId: SITE, kind: "logout", now: new Date(now.getTime() - 364 * 86_400_000) });
    expect(await pruneSecurityEvents(handle.db, now)).toBeGreaterThanOrEqual(1);
    expect((await recentSecurityEvents(handle.db, id)).map((event) => event.kind)).toEqual(["logout"]);
  });

  it("shortens addresses to their network", () => {
    expect(addressNetwork("203.0.113.77")).toBe("203.0.113.0/24");
    expect(addressNetwork("::ffff:203.0.113.77")).toBe("203.0.113.0/24");
    expect(addressNetwork("2001:db8:1234:5678::1")).toBe("2001:db8:1234::/48");
    expect(addressNetwork(null)).toBeNull();
    expect(addressNetwork("not an address")).toBeNull();
  });
});
