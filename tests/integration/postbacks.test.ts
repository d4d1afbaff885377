import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversionEvents, orders, postbackAttempts, postbackDeliveries } from "../../db/schema/index";
import { confirmEmail, createAccount } from "../../app/models/accounts/accounts.server";
import { setOrderStatus } from "../../app/models/payments/order-payments.server";
import { deliverPostbacks, expandConversions, fetchPostback, MAX_POSTBACK_ATTEMPTS, postbackAllowed, postbackUrl } from "../../app/models/attribution/postbacks.server";
import { TenantRegistry } from "../../app/tenancy/registry";
import { tenantSchema } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
let server: Server;
let port = 0;
let answer = 200;
const calls: URL[] = [];
let connections = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    calls.push(new URL(request.url ?? "/", "http://127.0.0.1"));
    response.writeHead(answer).end("ok");
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function brand() {
  return tenantSchema.parse({
    ...tenantFixture({ id: "alpha", pool: "shared" }),
    tracking: {
      postbacks: [
        { network: "adnet", url: `http://127.0.0.1:${port}/pb?click={click_id}&event={event}&amount={amount}&currency={currency}&ref={ref}&sub1={sub1}`, events: ["signup", "confirmed", "first_purchase", "purchase"] },
        { network: "other", url: `http://127.0.0.1:${port}/other?e={event}`, events: ["purchase"] },
      ],
    },
  });
}

const form = (email: string) => ({ email, name: "Anna", password: "een lang genoeg wachtwoord", date_of_birth: "1990-04-12", signup_message: undefined, email_confirmed: undefined });
const hosts = ["127.0.0.1"];

describe("conversion postbacks", () => {
  it("fills the macros URL-encoded and sends only over https or to the allowed hosts", () => {
    expect(postbackUrl("https://n.example/?c={click_id}&a={amount}&x={unknown}", { event: "purchase", amountCents: 1495, currency: "EUR", tracking: { click_id: "a b&c" } })).toBe("https://n.example/?c=a%20b%26c&a=14.95&x={unknown}");
    expect(postbackAllowed("https://n.example/x", [])).toBe(true);
    expect(postbackAllowed("http://n.example/x", [])).toBe(false);
    expect(postbackAllowed("http://127.0.0.1:9/x", hosts)).toBe(true);
  });

  it("tell the member's network once per event: signup, confirmation, first purchase and purchases", async () => {
    const tenant = brand();
    const registry = new TenantRegistry([tenant]);
    const tracking = { network: "adnet", ref: "spring", sub1: "banner 1", click_id: "CLICK-42" };
    const account = await createAccount(handle.db, { tenant, form: form("convert@example.com"), tracking, language: "nl", country: null });
    await confirmEmail(handle.db, account!.memberId);
    await confirmEmail(handle.db, account!.memberId);
    const [first, second] = await handle.db
      .insert(orders)
      .values([1495, 2995].map((amountCents, index) => ({ memberId: account!.memberId, siteId: "alpha", product: "bundle:small", credits: 100, amountCents, currency: "EUR", method: "ideal", provider: "test", paymentId: `pb-${index}` })))
      .returning({ id: orders.id });
    await setOrderStatus(handle.db, first!.id, { status: "paid", source: "webhook" });
    // A second report of the same payment changes nothing.
    await setOrderStatus(handle.db, first!.id, { status: "paid", source: "webhook" });
    await setOrderStatus(handle.db, second!.id, { status: "paid", source: "webhook" });

    // Two job runs at once (two server processes): each event is delivered once.
    await Promise.all([expandConversions(handle.db, registry), expandConversions(handle.db, registry)]);
    calls.length = 0;
    await Promise.all([deliverPostbacks(handle.db, fetchPostback, hosts), deliverPostbacks(handle.db, fetchPostback, hosts)]);
    const events = calls.filter((call) => call.pathname === "/pb").map((call) => `${call.searchParams.get("event")}:${call.searchParams.get("amount")}`);
    expect(events.sort()).toEqual(["confirmed:", "first_purchase:14.95", "purchase:14.95", "purchase:29.95", "signup:"]);
    expect(calls.find((call) => call.searchParams.get("event") === "signup")!.search).toBe("?click=CLICK-42&event=signup&amount=&currency=&ref=spring&sub1=banner%201");
    // The other network's postback is for its own visitors only.
    expect(calls.filter((call) => call.pathname === "/other")).toEqual([]);
    expect(await deliverPostbacks(handle.db, fetchPostback, hosts)).toBe(0);
  });

  it("tries a failed postback again later with back-off, logging every attempt, and gives up in the end", async () => {
    const tenant = brand();
    const member = await createMember(handle.db, { tenant, name: "Retry" });
    await handle.db.insert(conversionEvents).values({ key: `signup:${member.id}`, siteId: "alpha", memberId: member.id, event: "signup", tracking: { network: "adnet" } });
    await expandConversions(handle.db, new TenantRegistry([tenant]));
    answer = 500;
    let now = new Date();
    expect(await deliverPostbacks(handle.db, fetchPostback, hosts, now)).toBe(0);
    const [delivery] = await handle.db.select().from(postbackDeliveries).where(eq(postbackDeliveries.url, `http://127.0.0.1:${port}/pb?click=&event=signup&amount=&currency=&ref=&sub1=`));
    expect(delivery).toMatchObject({ status: "pending", attempts: 1 });
    expect(delivery!.nextAt.getTime()).toBeGreaterThan(now.getTime() + 50_000);
    // Not due yet: nothing is sent.
    expect(await deliverPostbacks(handle.db, fetchPostback, hosts, now)).toBe(0);
    for (let attempt = 2; attempt <= MAX_POSTBACK_ATTEMPTS; attempt++) {
      now = new Date(now.getTime() + 13 * 3_600_000);
      await deliverPostbacks(handle.db, fetchPostback, hosts, now);
    }
    const [after] = await handle.db.select().from(postbackDeliveries).where(eq(postbackDeliveries.id, delivery!.id));
    expect(after).toMatchObject({ status: "failed", attempts: MAX_POSTBACK_ATTEMPTS });
    const attempts = await handle.db.select().from(postbackAttempts).where(eq(postbackAttempts.deliveryId, delivery!.id));
    expect(attempts).toHaveLength(MAX_POSTBACK_ATTEMPTS);
    expect(attempts.every((row) => row.status === 500 && row.error === "HTTP 500")).toBe(true);
    answer = 200;
  });

  it("never calls this machine or a private network, even over https by a name that resolves there (review N-L-6)", async () => {
    const tenant = tenantSchema.parse({
      ...tenantFixture({ id: "alpha", pool: "shared" }),
      tracking: { postbacks: [{ network: "intranet", url: `https://localhost:${port}/internal?e={event}`, events: ["signup"] }] },
    });
    const member = await createMember(handle.db, { tenant, name: "Inside" });
    await handle.db.insert(conversionEvents).values({ key: `signup:${member.id}`, siteId: "alpha", memberId: member.id, event: "signup", tracking: { network: "intranet" } });
    await expandConversions(handle.db, new TenantRegistry([tenant]));
    const before = connections;
    expect(await deliverPostbacks(handle.db, fetchPostback, hosts)).toBe(0);
    expect(connections).toBe(before);
    const [delivery] = await handle.db.select().from(postbackDeliveries).where(eq(postbackDeliveries.url, `https://localhost:${port}/internal?e=signup`));
    // Refused for good: the address will not become public by trying again.
    expect(delivery).toMatchObject({ status: "failed", attempts: 1 });
    const [attempt] = await handle.db.select().from(postbackAttempts).where(eq(postbackAttempts.deliveryId, delivery!.id));
    expect(attempt?.error).toMatch(/not a public address/);
  });
});
