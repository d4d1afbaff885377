import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { logIn, signUp, removeTempDirs, send, startServer, tempDir, waitForListening, type Started } from "../fixtures/server-process";
import { copyDemoTenant, demoTenant } from "../fixtures/demo-tenants";

/**
 * The whole purchase through the built server: the method page, the local hosted checkout, the
 * webhook the checkout calls over HTTP (with only the payment id), and the result page.
 */
const tenant = demoTenant("flirtpunt");
const host = tenant.domains[0]!;
let server: Started;
let database: TestDatabase | null = null;
let free: string;
let premium: string;

beforeAll(async () => {
  const dir = tempDir("tenants-");
  copyDemoTenant("flirtpunt", dir);
  // PostgreSQL when the suite runs on it; otherwise the server's own embedded database.
  database = process.env.DATABASE_URL ? await createTestDatabase() : null;
  // The simulated checkout (/dev/checkout) answers only at a local host name (review N-L-7).
  server = startServer(dir, { DEV_TENANT_HOSTS: "1", ...(database?.url ? { DATABASE_URL: database.url } : {}) });
  await waitForListening(server);
  [free, premium] = await Promise.all([
    // A member who just signed up: the time bonus of the first four hours applies.
    signUp(server.port, host, "nieuw@example.com"),
    logIn(server.port, host, "premium.flirtpunt@demo.invalid", "demo-password-2026"),
  ]);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.close();
  removeTempDirs();
});

const get = (pathname: string, cookie?: string) => send(server.port, host, pathname, { cookie });
const post = (pathname: string, fields: Record<string, string>, cookie?: string) => send(server.port, host, pathname, { cookie, fields });
const attribute = (html: string, testId: string, name: string) => new RegExp(`data-testid="${testId}"[^>]*${name}="([^"]*)"`).exec(html)?.[1];
const balance = async (cookie: string) => Number(attribute((await get("/chats", cookie)).body, "chat-credits", "data-credits"));

/** Opens a payment for the popular bundle through iDEAL; returns the local checkout's path. */
async function startPayment(cookie: string, method = "ideal", fields: Record<string, string> = { issuer: "ideal_INGBNL2A" }) {
  const reply = await post(`/credits/popular/${method}`, fields, cookie);
  expect(reply.status).toBe(303);
  const location = new URL(reply.headers.location!);
  expect(location.host).toBe(host);
  expect(location.pathname).toMatch(/^\/dev\/checkout\/tr_local_[\w-]+$/);
  return location.pathname;
}

/** The buyer's choice at the local checkout, which is reached on this machine as flirtpunt.localhost. */
async function choose(checkout: string, outcome: "paid" | "failed" | "canceled" | "pending") {
  const reply = await send(server.port, `flirtpunt.localhost:${server.port}`, checkout, { fields: { outcome } });
  expect(reply.status).toBe(303);
  const result = new URL(reply.headers.location!).pathname;
  expect(result).toMatch(/^\/transactions\/\d+$/);
  return result;
}

describe("buying credits over HTTP", () => {
  it("grants the bundle once when paid, however often the webhook comes", async () => {
    const before = await balance(premium);
    const confirm = await get("/credits/popular/ideal", premium);
    // The premium demo member signed up long ago and paid before: the list price.
    expect(attribute(confirm.body, "confirm-total", "data-cents")).toBe("2995");
    // A price sent with the form is ignored: the server prices the order.
    const checkout = await startPayment(premium, "ideal", { issuer: "ideal_INGBNL2A", amount: "1", amountCents: "1" });
    const page = await send(server.port, `flirtpunt.localhost:${server.port}`, checkout);
    expect(page.body).toContain("29,95");
    const result = await choose(checkout, "paid");
    // The checkout called the webhook before sending the buyer back: the credits are there.
    expect(await balance(premium)).toBe(before + 275);
    const shown = await get(result, premium);
    expect(attribute(shown.body, "transaction", "data-state")).toBe("completed");
    expect(attribute(shown.body, "transaction-balance", "data-credits")).toBe(String(before + 275));

    const paymentId = checkout.split("/").pop()!;
    const replays = await Promise.all(Array.from({ length: 5 }, () => post("/api/payments/webhook/local", { id: paymentId })));
    expect(replays.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balance(premium)).toBe(before + 275);
    // Paying a settled payment again changes nothing either.
    await post(checkout, { outcome: "paid" });
    expect(await balance(premium)).toBe(before + 275);
  });

  it("shows a failed card payment with the exact text, a retry and PayPal; nothing is granted", async () => {
    const before = await balance(premium);
    const result = await choose(await startPayment(premium, "creditcard", {}), "failed");
    const shown = await get(result, premium);
    expect(attribute(shown.body, "transaction", "data-state")).toBe("failed");
    expect(shown.body).toContain("De betaling is mislukt of geannuleeerd.");
    expect(shown.body).toContain('href="/credits/popular/paypal"');
    expect(shown.body).toContain('href="/credits/popular"');
    expect(await balance(premium)).toBe(before);
  });

  it("goes from pending to paid, and makes a free member premium with the time bonus price", async () => {
    const before = await balance(free);
    const confirm = await get("/credits/popular/ideal", free);
    // Within four hours of signup, 25% off 29,95 → 22,46.
    expect(attribute(confirm.body, "confirm-total", "data-cents")).toBe("2246");
    const checkout = await startPayment(free);
    const result = await choose(checkout, "pending");
    expect(attribute((await get(result, free)).body, "transaction", "data-state")).toBe("pending");
    expect(await balance(free)).toBe(before);
    expect((await get("/premium", free)).body).toContain('data-testid="premium-status"');
    await choose(checkout, "paid");
    expect(attribute((await get(result, free)).body, "transaction", "data-state")).toBe("completed");
    expect(await balance(free)).toBe(before + 275);
    expect((await get("/premium", free)).body).toMatch(/data-testid="premium-status"[^>]*>Je bent premium lid/);
    // The time bonus is spent.
    expect((await get("/credits?code=TIMEBONUS25", free)).body).toMatch(/data-testid="discount-error"[^>]*>Code reeds gebruikt</);
  });

  it("repeats the last order in one step, and a failed repeat by card is the recurring card failure", async () => {
    // The premium member's newest paid order is the popular bundle through iDEAL (first test).
    const repeat = await get("/credits/repeat-order", premium);
    expect(repeat.status).toBe(200);
    expect(attribute(repeat.body, "confirm-total", "data-cents")).toBe("2995");
    expect(repeat.body).toContain("iDEAL");
    const repeatOf = /name="repeatOf" value="(\d+)"/.exec(repeat.body)?.[1] ?? "";
    // Confirmed for an order that is no longer the last one (another tab ordered since): refused.
    expect((await post("/credits/repeat-order", { issuer: "ideal_RABONL2U", repeatOf: String(Number(repeatOf) + 1000) }, premium)).status).toBe(409);
    const paid = await post("/credits/repeat-order", { issuer: "ideal_RABONL2U", repeatOf }, premium);
    expect(paid.status).toBe(303);
    const before = await balance(premium);
    await choose(new URL(paid.headers.location!).pathname, "paid");
    expect(await balance(premium)).toBe(before + 275);

    const card = await choose(await startPayment(premium, "creditcard", {}), "paid");
    expect(attribute((await get(card, premium)).body, "transaction", "data-state")).toBe("completed");
    const cardRepeat = /name="repeatOf" value="(\d+)"/.exec((await get("/credits/repeat-order", premium)).body)?.[1] ?? "";
    const again = await post("/credits/repeat-order", { repeatOf: cardRepeat }, premium);
    const failed = await choose(new URL(again.headers.location!).pathname, "failed");
    const shown = await get(failed, premium);
    expect(shown.body).toContain("Je kaart kon niet opnieuw worden belast");
    expect(shown.body).toContain('href="/credits/popular/paypal"');
  });

  it("keeps orders to their member, and webhooks to what the provider says", async () => {
    const result = await choose(await startPayment(premium), "canceled");
    expect((await get(result, free)).status).toBe(404);
    expect(attribute((await get(result, premium)).body, "transaction", "data-state")).toBe("failed");
    expect((await post("/api/payments/webhook/local", { id: "tr_local_unknown" })).status).toBe(200);
    expect((await post("/api/payments/webhook/mollie", { id: "tr_x" })).status).toBe(404);
    expect((await post("/api/payments/webhook/local", {})).status).toBe(400);
    expect((await get("/api/payments/webhook/local")).status).toBe(405);
    // A method the buyer is not offered, a product that does not exist: 404, no order.
    expect((await post("/credits/popular/swish", {}, premium)).status).toBe(404);
    expect((await get("/credits/nope", premium)).status).toBe(404);
    // The demo code is seeded with the demo members: 10% off 29,95 → 26,96 (half up from 26,955).
    const coded = await get("/credits?code=demo10", premium);
    expect(attribute(coded.body, "discount-notice", "data-code")).toBe("DEMO10");
    expect(coded.body).toMatch(/data-testid="offer-popular"[\s\S]*?data-testid="price" data-cents="2696"/);
    // iDEAL without a bank: the modal asks for one.
    const noBank = await post("/credits/popular/ideal", {}, premium);
    expect(noBank.status).toBe(400);
    expect(noBank.body).toContain("Kies je bank om verder te gaan.");
  });
});
