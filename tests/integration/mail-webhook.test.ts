import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/index";
import { setDatabaseHandle } from "../../db/database.server";
import { action } from "../../app/routes/api.mail.webhook.$provider";
import { readPostmarkFeedback } from "../../app/models/notifications/mail-feedback.server";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";

const SECRET = "a-long-enough-webhook-secret";
process.env.MAIL_WEBHOOK_SECRET = SECRET;

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
  setDatabaseHandle(handle);
});
afterAll(async () => {
  setDatabaseHandle(undefined);
  await handle.close();
});

function webhook(body: unknown, password = SECRET, provider = "postmark") {
  const request = new Request(`https://flirtpunt.nl/api/mail/webhook/${provider}`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`webhook:${password}`).toString("base64")}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return action({ request, params: { provider }, context: {} as never });
}

const stopsOf = async (id: number) => (await handle.db.select({ stops: members.notificationsDisabled }).from(members).where(eq(members.id, id)))[0]!.stops;

describe("the mail provider's webhook", () => {
  it("stops the mails of every account with a hard-bouncing address, on every brand", async () => {
    const here = await createMember(handle.db, { siteId: "alpha", email: "gone@example.com" });
    const there = await createMember(handle.db, { siteId: "beta", email: "gone@example.com" });
    const other = await createMember(handle.db, { siteId: "alpha", email: "fine@example.com" });
    const response = await webhook({ RecordType: "Bounce", Type: "HardBounce", Email: "Gone@Example.com", MessageID: "x" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, stopped: 2 });
    expect(await stopsOf(here.id)).toEqual(["bounce"]);
    expect(await stopsOf(there.id)).toEqual(["bounce"]);
    expect(await stopsOf(other.id)).toEqual([]);
    // Told twice, recorded once.
    await webhook({ RecordType: "Bounce", Type: "HardBounce", Email: "gone@example.com" });
    expect(await stopsOf(here.id)).toEqual(["bounce"]);
  });

  it("records a spam complaint as fbl, and lets a soft bounce pass", async () => {
    const complainer = await createMember(handle.db, { siteId: "alpha", email: "angry@example.com" });
    await webhook({ RecordType: "SpamComplaint", Type: "SpamComplaint", Email: "angry@example.com" });
    expect(await stopsOf(complainer.id)).toEqual(["fbl"]);
    const busy = await createMember(handle.db, { siteId: "alpha", email: "full@example.com" });
    await webhook({ RecordType: "Bounce", Type: "SoftBounce", Email: "full@example.com" });
    expect(await stopsOf(busy.id)).toEqual([]);
  });

  it("refuses a wrong secret, an unknown provider and a body that is no record", async () => {
    const member = await createMember(handle.db, { siteId: "alpha", email: "target@example.com" });
    expect((await webhook({ RecordType: "Bounce", Type: "HardBounce", Email: "target@example.com" }, "guessed-secret-guessed")).status).toBe(401);
    expect((await webhook({ RecordType: "Bounce", Type: "HardBounce", Email: "target@example.com" }, SECRET, "sendgrid")).status).toBe(404);
    expect((await webhook({ hello: "world" })).status).toBe(400);
    expect(await stopsOf(member.id)).toEqual([]);
  });

  it("reads only what it needs of Postmark's records", () => {
    expect(readPostmarkFeedback({ RecordType: "Bounce", Type: "BadEmailAddress", Email: "a@b.nl" })).toEqual({ email: "a@b.nl", reason: "bounce" });
    expect(readPostmarkFeedback({ RecordType: "Delivery", Email: "a@b.nl" })).toEqual({ email: "a@b.nl", reason: null });
    expect(readPostmarkFeedback({ RecordType: "Bounce", Type: "HardBounce", Email: "not an address" })).toBeNull();
  });
});
