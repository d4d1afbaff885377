import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { logIn, openEventStream, removeTempDirs, send, signUp, startServer, tempDir, waitForListening, type Started } from "../fixtures/server-process";
import { copyDemoTenant, demoTenant } from "../fixtures/demo-tenants";

/**
 * /metrics of a real server (docs/operations.md#metrics): hidden without its token, and after a
 * member's journey — signup, login, search, a message, a paid order — the HTTP, database and
 * business series show it, labelled by route id and brand.
 */
const TOKEN = "metrics-test-token-0123456789";
const tenant = demoTenant("flirtpunt");
const host = tenant.domains[0]!;
let server: Started;
let database: TestDatabase | null = null;

beforeAll(async () => {
  const dir = tempDir("tenants-");
  copyDemoTenant("flirtpunt", dir);
  database = process.env.DATABASE_URL ? await createTestDatabase() : null;
  // One process, also on PostgreSQL (the sum over several is metrics-processes.test.ts).
  server = startServer(dir, { METRICS_TOKEN: TOKEN, DEV_TENANT_HOSTS: "1", WEB_CONCURRENCY: "1", ...(database?.url ? { DATABASE_URL: database.url } : {}) });
  await waitForListening(server);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.close();
  removeTempDirs();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format, one sample a line. */
function parse(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const scrape = async () => {
  const reply = await send(server.port, host, "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(reply.status).toBe(200);
  expect(reply.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(reply.body);
};

/** The sum of a series' samples whose labels include `labels`. */
const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value)).reduce((sum, sample) => sum + sample.value, 0);
const has = (samples: Sample[], name: string) => samples.some((sample) => sample.name === name);

describe("/metrics", () => {
  it("is an unknown page without the token or with a wrong one, on every host", async () => {
    const unknown = await send(server.port, host, "/no-such-page-here");
    expect(unknown.status).toBe(404);
    for (const headers of [{} as Record<string, string>, { authorization: "Bearer wrong-token-of-some-length" }, { authorization: TOKEN }, { authorization: `Bearer ${TOKEN}x` }]) {
      const reply = await send(server.port, host, "/metrics", { headers });
      expect(reply.status).toBe(404);
      expect(reply.headers["content-type"]).toBe(unknown.headers["content-type"]);
      expect(reply.body).not.toContain("dating_");
    }
  });

  it("shows the HTTP, database and business series moved by a member's journey", async () => {
    const before = await scrape();
    await signUp(server.port, host, "metrics-nieuw@example.com");
    const cookie = await logIn(server.port, host, "premium.flirtpunt@demo.invalid", "demo-password-2026");
    const stream = openEventStream(server.port, host, cookie);
    expect(await stream.ready).toBe(200);
    await stream.waitFor(/retry: 5000/);

    const search = await send(server.port, host, "/members", { cookie });
    expect(search.status).toBe(200);
    const ids = [...new Set([...search.body.matchAll(/href="\/members\/(\d+)"/g)].map((match) => match[1]!))];
    expect(ids.length).toBeGreaterThan(0);
    let sent = 0;
    for (const id of ids) {
      const reply = await send(server.port, host, `/members/${id}/chat`, { cookie, fields: { intent: "text", body: "Hallo daar" } });
      if (reply.status === 302 && /\/chats\/\d+/.test(reply.headers.location ?? "")) sent += 1;
    }
    expect(sent).toBeGreaterThan(0);
    await stream.waitFor(/event: message\n/);

    // A paid order through the local checkout (reached as flirtpunt.localhost).
    const order = await send(server.port, host, "/credits/popular/ideal", { cookie, fields: { issuer: "ideal_INGBNL2A" } });
    expect(order.status).toBe(303);
    const checkout = new URL(order.headers.location!).pathname;
    expect((await send(server.port, `flirtpunt.localhost:${server.port}`, checkout, { fields: { outcome: "paid" } })).status).toBe(303);

    const during = await scrape();
    stream.close();

    // HTTP: by route id, method, status class and kind; the scrape itself is no request of a brand.
    expect(total(during, "dating_http_requests_total", { route: "routes/_default.members._index", method: "GET", status: "2xx", kind: "document" })).toBeGreaterThanOrEqual(1);
    expect(total(during, "dating_http_requests_total", { route: "routes/_default.login", method: "POST", status: "3xx" })).toBeGreaterThanOrEqual(1);
    expect(total(during, "dating_http_request_duration_seconds_count", { route: "routes/_default.members._index" })).toBeGreaterThanOrEqual(1);
    expect(during.filter((sample) => sample.name === "dating_http_requests_total").every((sample) => /^(root|none|routes\/[^/]+)$/.test(sample.labels.route!))).toBe(true);
    expect(total(during, "dating_http_requests_total")).toBe(total(during, "dating_http_request_duration_seconds_count"));
    expect(total(during, "dating_http_requests_in_flight")).toBe(0);
    for (const name of ["nodejs_eventloop_lag_p99_seconds", "nodejs_heap_size_used_bytes", "nodejs_gc_duration_seconds_count"]) expect(has(during, name)).toBe(true);

    // The database.
    expect(total(during, "dating_db_query_duration_seconds_count", { query: "session_member" })).toBeGreaterThan(total(before, "dating_db_query_duration_seconds_count", { query: "session_member" }));
    expect(total(during, "dating_db_pool_size")).toBe(database ? 10 : 1);
    expect(total(during, "dating_db_pool_in_use")).toBeLessThanOrEqual(total(during, "dating_db_pool_size"));
    expect(total(during, "dating_db_up")).toBe(1);
    expect(total(during, "dating_realtime_listen_up")).toBe(1);
    expect(total(during, "dating_realtime_listen_connects_total")).toBeGreaterThanOrEqual(1);

    // The business, by brand.
    const moved = (name: string, labels: Record<string, string> = {}) => total(during, name, labels) - total(before, name, labels);
    expect(moved("dating_signups_total", { brand: "flirtpunt" })).toBe(1);
    expect(moved("dating_messages_sent_total", { brand: "flirtpunt" })).toBe(sent);
    expect(moved("dating_messages_delivered_total")).toBeGreaterThanOrEqual(1);
    expect(moved("dating_message_delivery_seconds_count")).toBe(moved("dating_messages_delivered_total"));
    expect(total(during, "dating_event_streams_open")).toBe(1);
    expect(moved("dating_orders_paid_total", { brand: "flirtpunt" })).toBe(1);
    expect(moved("dating_revenue_cents_total", { brand: "flirtpunt", currency: "EUR" })).toBeGreaterThan(0);
    // The operator inbox's figures are checked against a fictional profile of its own in backlog-figures.test.ts.
    for (const queue of ["push", "mail", "postback"]) expect(during.some((sample) => sample.name === "dating_queue_depth" && sample.labels.queue === queue)).toBe(true);
  }, 60_000);
});
