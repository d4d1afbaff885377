import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTokens, members, profiles } from "../../db/schema/index";
import {
  accountSettings,
  changePassword,
  checkCurrentPassword,
  confirmEmailChange,
  disableNotifications,
  reenableNotifications,
  requestEmailChange,
  saveNotificationTypes,
  setInvisible,
} from "../../app/models/accounts/account-settings.server";
import { checkLogin } from "../../app/models/accounts/accounts.server";
import { ACCOUNT_FAILURE_LIMIT } from "../../app/models/accounts/login-throttle.server";
import { findSessionMember, sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { captureMail } from "../fixtures/mail";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const tenant = tenantSchema.parse(tenantFixture({ id: "settingsite", domains: ["settingsite.example"] }));
const otherBrand = tenantSchema.parse(tenantFixture({ id: "otherbrand", domains: ["otherbrand.example"] }));
let handle: TestDatabase;

async function sessionFor(memberId: number): Promise<string> {
  const cookie = await startSession(handle.db, { memberId, siteId: tenant.id, userAgent: null });
  return (await sessionIdFrom(cookie.split(";")[0]!))!;
}

// Blocking an account by wrong passwords mails its owner (review L-4).
let mail: ReturnType<typeof captureMail>;
beforeAll(async () => {
  handle = await createTestDatabase();
  mail = captureMail();
});
afterAll(async () => {
  mail.restore();
  await handle.close();
});

describe("notification settings", () => {
  it("saves which types are on and keeps the rest off", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "types@example.com" });
    expect((await accountSettings(handle.db, id)).mailOptOuts).toEqual([]);
    await saveNotificationTypes(handle.db, id, ["new_messages", "like_received"]);
    const settings = await accountSettings(handle.db, id);
    expect(settings.mailOptOuts).toContain("promotions");
    expect(settings.mailOptOuts).toContain("news");
    expect(settings.mailOptOuts).not.toContain("new_messages");
    expect(settings.mailOptOuts).toHaveLength(6);
  });

  it("records a system stop once per reason, only on the member's own brand, and lifts it", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "stopped@example.com" });
    await disableNotifications(handle.db, id, otherBrand.id, "bounce");
    expect((await accountSettings(handle.db, id)).notificationsDisabled).toEqual([]);
    await disableNotifications(handle.db, id, tenant.id, "listunsubscribe");
    await disableNotifications(handle.db, id, tenant.id, "listunsubscribe");
    await disableNotifications(handle.db, id, tenant.id, "fbl");
    expect((await accountSettings(handle.db, id)).notificationsDisabled).toEqual(["listunsubscribe", "fbl"]);
    await reenableNotifications(handle.db, id);
    expect((await accountSettings(handle.db, id)).notificationsDisabled).toEqual([]);
  });
});

describe("invisible mode", () => {
  it("takes the profile out of every list and puts it back", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "shy@example.com" });
    await setInvisible(handle.db, id, true);
    const [hidden] = await handle.db.select({ listed: profiles.listed, invisible: members.invisible }).from(profiles).innerJoin(members, eq(members.id, profiles.memberId)).where(eq(profiles.memberId, id));
    expect(hidden).toEqual({ listed: false, invisible: true });
    await setInvisible(handle.db, id, false);
    const [shown] = await handle.db.select({ listed: profiles.listed }).from(profiles).where(eq(profiles.memberId, id));
    expect(shown!.listed).toBe(true);
  });

  it("never lists a disabled member, whatever they switch", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "banned@example.com", status: "disabled" });
    await handle.db.update(profiles).set({ listed: false }).where(eq(profiles.memberId, id));
    await setInvisible(handle.db, id, true);
    await setInvisible(handle.db, id, false);
    const [row] = await handle.db.select({ listed: profiles.listed }).from(profiles).where(eq(profiles.memberId, id));
    expect(row!.listed).toBe(false);
  });
});

describe("changing the password", () => {
  it("checks the old password and counts wrong ones towards the login block", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "guess@example.com", password: "right-password-heron" });
    expect(await checkCurrentPassword(handle.db, tenant, id, "right-password-heron", "198.51.100.1")).toEqual({ ok: true });
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect(await checkCurrentPassword(handle.db, tenant, id, `wrong-${i}`, "198.51.100.1")).toEqual({ ok: false, reason: "wrongPassword" });
    }
    const blocked = await checkCurrentPassword(handle.db, tenant, id, "right-password-heron", "198.51.100.1");
    expect(blocked).toMatchObject({ ok: false, reason: "blocked" });
    expect((await checkLogin(handle.db, { siteId: tenant.id, email: "guess@example.com", password: "right-password-heron", ip: null })).ok).toBe(false);
  });

  it("ends every session, this one too, and gives this browser a new one (review L-1)", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "switch@example.com", password: "old-password-heron" });
    const here = await sessionFor(id);
    const elsewhere = await sessionFor(id);
    const cookie = await changePassword(handle.db, { id, siteId: tenant.id }, "new-password-pelican", "test-browser");
    expect(await findSessionMember(handle.db, here, tenant.id)).toBeNull();
    expect(await findSessionMember(handle.db, elsewhere, tenant.id)).toBeNull();
    const rotated = await sessionIdFrom(cookie);
    expect(rotated).not.toBe(here);
    expect((await findSessionMember(handle.db, rotated!, tenant.id))?.id).toBe(id);
    expect((await checkLogin(handle.db, { siteId: tenant.id, email: "switch@example.com", password: "new-password-pelican", ip: null })).ok).toBe(true);
    expect((await checkLogin(handle.db, { siteId: tenant.id, email: "switch@example.com", password: "old-password-heron", ip: null })).ok).toBe(false);
  });
});

describe("changing the e-mail address", () => {
  it("moves the account to the new address once, and confirms an unconfirmed account", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "before@example.com", status: "not_confirmed" });
    const token = await requestEmailChange(handle.db, id, "after@example.com");
    expect((await accountSettings(handle.db, id)).email).toBe("before@example.com");
    expect(await confirmEmailChange(handle.db, tenant, token)).toEqual({ ok: true, memberId: id, email: "after@example.com" });
    expect(await accountSettings(handle.db, id)).toMatchObject({ email: "after@example.com", status: "active" });
    expect(await confirmEmailChange(handle.db, tenant, token)).toEqual({ ok: false, reason: "invalidLink" });
  });

  it("refuses an address taken after the link was sent", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "slow@example.com" });
    const token = await requestEmailChange(handle.db, id, "wanted@example.com");
    await createMember(handle.db, { tenant, email: "wanted@example.com" });
    expect(await confirmEmailChange(handle.db, tenant, token)).toEqual({ ok: false, reason: "emailTaken" });
    expect((await accountSettings(handle.db, id)).email).toBe("slow@example.com");
  });

  it("refuses a link of another brand, an expired link and a made-up one", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "brand@example.com" });
    const token = await requestEmailChange(handle.db, id, "brand-new@example.com");
    expect(await confirmEmailChange(handle.db, otherBrand, token)).toEqual({ ok: false, reason: "invalidLink" });
    await handle.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.memberId, id));
    expect(await confirmEmailChange(handle.db, tenant, token)).toEqual({ ok: false, reason: "invalidLink" });
    expect(await confirmEmailChange(handle.db, tenant, "x".repeat(43))).toEqual({ ok: false, reason: "invalidLink" });
    expect((await accountSettings(handle.db, id)).email).toBe("brand@example.com");
  });

  it("lets two accounts race for one address and gives it to one", async () => {
    const { id: first } = await createMember(handle.db, { tenant, email: "race-1@example.com" });
    const { id: second } = await createMember(handle.db, { tenant, email: "race-2@example.com" });
    const tokens = [await requestEmailChange(handle.db, first, "prize@example.com"), await requestEmailChange(handle.db, second, "prize@example.com")];
    const outcomes = await Promise.all(tokens.map((token) => confirmEmailChange(handle.db, tenant, token)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: "emailTaken" }]);
  });
});
