import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailTokens } from "../../db/schema/index";
import { disableNotifications, saveNotificationTypes } from "../../app/models/accounts/account-settings.server";
import { NOTIFICATION_TYPES } from "../../app/domain/notification-types";
import { memberOfUnsubscribeToken, remindUnconfirmedMembers, sendNotificationMail, unsubscribeUrl } from "../../app/models/notifications/notification-mail.server";
import { TenantRegistry } from "../../app/tenancy/registry";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { captureMail, linkIn } from "../fixtures/mail";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const tenant = tenantSchema.parse(tenantFixture({ id: "mailsite", domains: ["mailsite.example"] }));
const otherBrand = tenantSchema.parse(tenantFixture({ id: "quietsite", domains: ["quietsite.example"] }));
const HOUR_MS = 60 * 60 * 1000;
let handle: TestDatabase;
let mail: ReturnType<typeof captureMail>;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());
beforeEach(() => {
  mail = captureMail();
});
afterEach(() => mail.restore());

const news = (memberId: number, brand = tenant) =>
  sendNotificationMail(handle.db, brand, { memberId, type: "news", origin: "https://mailsite.example" }, (t) => ({
    subject: t("reminder.subject"),
    paragraphs: ["Nieuws"],
  }));

describe("notification mails", () => {
  it("carry an unsubscribe link and List-Unsubscribe headers for one-click unsubscribing", async () => {
    const { id } = await createMember(handle.db, { tenant, email: "reader@example.com" });
    expect(await news(id)).toBe(true);
    const [sent] = mail.sent;
    const link = linkIn(sent!, "/unsubscribe/");
    expect(sent!.headers).toEqual({ "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(sent!.html).toContain(link);
    const token = link.split("/unsubscribe/")[1]!;
    expect(memberOfUnsubscribeToken(token, tenant.id)).toBe(id);
    expect(memberOfUnsubscribeToken(token, otherBrand.id)).toBeNull();
    expect(memberOfUnsubscribeToken(`${token.slice(0, -2)}xx`, tenant.id)).toBeNull();
    expect(memberOfUnsubscribeToken(unsubscribeUrl("https://x", tenant.id, id + 1).split("/unsubscribe/")[1]!.replace(String(id + 1), String(id)), tenant.id)).toBeNull();
  });

  it("are not sent for a type turned off, after a system stop, to another brand's member, or to the unconfirmed", async () => {
    const { id: optedOut } = await createMember(handle.db, { tenant, email: "no-news@example.com" });
    await saveNotificationTypes(handle.db, optedOut, NOTIFICATION_TYPES.filter((type) => type !== "news"));
    expect(await news(optedOut)).toBe(false);
    const { id: stopped } = await createMember(handle.db, { tenant, email: "bounced@example.com" });
    await disableNotifications(handle.db, stopped, tenant.id, "bounce");
    expect(await news(stopped)).toBe(false);
    const { id: foreign } = await createMember(handle.db, { tenant: otherBrand, email: "foreign@example.com" });
    expect(await news(foreign)).toBe(false);
    const { id: unconfirmed } = await createMember(handle.db, { tenant, email: "new@example.com", status: "not_confirmed" });
    expect(await news(unconfirmed)).toBe(false);
    expect(mail.sent).toEqual([]);
  });
});

describe("the unconfirmed reminder job", () => {
  it("reminds each member once, a day after signing up, unless reminders are off", async () => {
    const now = new Date();
    const registry = new TenantRegistry([tenant]);
    const { id: due } = await createMember(handle.db, { tenant, email: "forgot@example.com", status: "not_confirmed", createdAt: new Date(now.getTime() - 30 * HOUR_MS) });
    await createMember(handle.db, { tenant, email: "fresh@example.com", status: "not_confirmed", createdAt: new Date(now.getTime() - 2 * HOUR_MS) });
    const { id: noReminders } = await createMember(handle.db, { tenant, email: "leave-me@example.com", status: "not_confirmed", createdAt: new Date(now.getTime() - 30 * HOUR_MS) });
    await saveNotificationTypes(handle.db, noReminders, NOTIFICATION_TYPES.filter((type) => type !== "reminders"));
    for (const id of [due, noReminders]) {
      await handle.db.insert(emailTokens).values({ memberId: id, purpose: "activate", tokenHash: `signup-${id}`, expiresAt: new Date(now.getTime() + 100 * HOUR_MS) });
    }
    expect(await remindUnconfirmedMembers(handle.db, registry, now)).toBe(1);
    expect(mail.sent.map((sent) => sent.to)).toEqual(["forgot@example.com"]);
    expect(linkIn(mail.sent[0]!, "/activate/")).toContain("/activate/");
    expect(mail.sent[0]!.headers).toHaveProperty("List-Unsubscribe");
    expect(await remindUnconfirmedMembers(handle.db, registry, now)).toBe(0);
    expect(mail.sent).toHaveLength(1);
  });
});
