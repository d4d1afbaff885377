import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { setDatabaseHandle } from "../../db/database.server";
import { mailQueue } from "../../db/schema/index";
import { action as signupAction } from "../../app/routes/_default.signup";
import type { MailService, OutgoingMail } from "../../app/services/mail/mail";
import { setMailService } from "../../app/services/mail/mail.server";
import { RetryingMailService } from "../../app/services/mail/retrying.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase } from "../fixtures/database";
import { contextFor, formOf } from "../fixtures/context";
import { callRoute } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";

const tenant = tenantSchema.parse(tenantFixture({ id: "mailsite", domains: ["mailsite.example"] }));
let handle: DatabaseHandle;

/** A provider that is down until told otherwise, and keeps what it took. */
class Provider implements MailService {
  down = true;
  delivered: OutgoingMail[] = [];
  async send(mail: OutgoingMail): Promise<void> {
    if (this.down) throw new Error("connect ECONNREFUSED 127.0.0.1:587");
    this.delivered.push(mail);
  }
}

beforeAll(async () => {
  handle = await createTestDatabase();
  setDatabaseHandle(handle);
});
afterAll(async () => {
  setMailService(undefined);
  setDatabaseHandle(undefined);
  await handle.close();
});

describe("the mail provider down (failure drill)", () => {
  it("a signup still succeeds; its activation mail is queued, tried again with pauses, and goes out once the provider is back", async () => {
    // The queue says so in the log; that is expected here.
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const provider = new Provider();
    const service = new RetryingMailService(provider, () => handle.db);
    setMailService(service);
    const request = new Request("https://mailsite.example/signup", {
      method: "POST",
      body: formOf({ email: "queued@example.com", name: "Queue", password: "zomer-fiets-lamp-42", date_of_birth: "1990-04-12" }),
    });
    const answer = (await callRoute(signupAction({ request, context: contextFor(tenant), params: {} }))) as Response;
    expect(answer.status).toBe(302);
    const [queued] = await handle.db.select().from(mailQueue);
    expect(queued).toMatchObject({ siteId: "mailsite", attempts: 1, lastError: expect.stringContaining("ECONNREFUSED") });
    expect(queued!.mail.to).toBe("queued@example.com");

    const now = Date.now();
    expect(await service.retryDue(new Date(now))).toBe(0);
    expect(await service.retryDue(new Date(now + 61_000))).toBe(0);
    expect((await handle.db.select().from(mailQueue))[0]).toMatchObject({ attempts: 2 });
    provider.down = false;
    expect(await service.retryDue(new Date(now + 10 * 60_000))).toBe(1);
    expect(provider.delivered.map((mail) => mail.to)).toEqual(["queued@example.com"]);
    expect(provider.delivered[0]!.text).toContain("/activate/");
    expect(await handle.db.select().from(mailQueue)).toEqual([]);
    expect(warned).toHaveBeenCalledWith(expect.stringContaining("queued for another try"));
    warned.mockRestore();
  });
});
