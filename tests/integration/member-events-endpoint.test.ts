import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoAccountEmail } from "../../db/seed/demo-accounts.server";
import { copyDemoTenant } from "../fixtures/demo-tenants";
import { logIn, openEventStream, removeTempDirs, send, startServer, tempDir, waitForListening, type Started } from "../fixtures/server-process";

/**
 * `/api/events` of a real server (app/web/member-events-endpoint.server.ts): answered before Remix,
 * with the same answers, headers, caps, log line and metrics as every other call of the site.
 */
const HOST = "flirtpunt.nl";
const TOKEN = "events-test-token-0123456789";
let server: Started;
let cookie: string;

beforeAll(async () => {
  const dir = tempDir("tenants-");
  copyDemoTenant("flirtpunt", dir);
  server = startServer(dir, { DEMO_PROFILES_PER_POOL: "0", METRICS_TOKEN: TOKEN });
  await waitForListening(server);
  cookie = await logIn(server.port, HOST, demoAccountEmail("flirtpunt", "free"), DEMO_PASSWORD);
});
afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

/** The open streams this server counts (docs/operations.md#metrics). */
async function streamsOpen(): Promise<number> {
  const reply = await send(server.port, HOST, "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  return Number(/^dating_event_streams_open (\d+)$/m.exec(reply.body)?.[1]);
}

function head(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: server.port, path, method: "HEAD", headers: { host: HOST, ...headers } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("GET /api/events", () => {
  it("opens the member's stream with its headers and first line; counted open until the client goes", async () => {
    expect(await streamsOpen()).toBe(0);
    const stream = openEventStream(server.port, HOST, cookie);
    expect(await stream.ready).toBe(200);
    await stream.waitFor(/^retry: 5000\n\n/);
    expect(await streamsOpen()).toBe(1);
    stream.close();
    await expect.poll(streamsOpen).toBe(0);
  });

  it("sends the stream's headers: event-stream, never cached nor transformed, the security headers and a request id", async () => {
    const reply = await head("/api/events", { cookie });
    expect(reply.status).toBe(200);
    expect(reply.headers).toMatchObject({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
    });
    expect(reply.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers a HEAD with the headers only, opening no stream", async () => {
    const reply = await head("/api/events", { cookie });
    expect([reply.status, reply.body]).toEqual([200, ""]);
    expect(await streamsOpen()).toBe(0);
  });

  it("refuses a visitor with the 403 the page logs out on, another method with 405, an unknown host with 404", async () => {
    const visitor = await send(server.port, HOST, "/api/events");
    expect([visitor.status, JSON.parse(visitor.body)]).toEqual([403, { error: "authentication_required" }]);
    expect(visitor.headers["cache-control"]).toBe("no-store");
    expect((await head("/api/events", {})).status).toBe(403);
    const posted = await send(server.port, HOST, "/api/events", { cookie, fields: { x: "1" } });
    expect([posted.status, posted.headers.allow]).toEqual([405, "GET, HEAD"]);
    expect((await send(server.port, "unknown.example", "/api/events", { cookie })).status).toBe(404);
  });

  it("ends a member's oldest stream when a ninth opens (review M-5)", async () => {
    const streams = Array.from({ length: 8 }, () => openEventStream(server.port, HOST, cookie));
    for (const stream of streams) await stream.waitFor(/^retry/);
    const ninth = openEventStream(server.port, HOST, cookie);
    await ninth.waitFor(/^retry/);
    await streams[0]!.end;
    expect(await streamsOpen()).toBe(8);
    for (const stream of [...streams, ninth]) stream.close();
    await expect.poll(streamsOpen).toBe(0);
  });

  it("has its line in the request log, under the route name the dashboards filter on", async () => {
    const stream = openEventStream(server.port, HOST, cookie);
    await stream.waitFor(/^retry/);
    stream.close();
    await expect
      .poll(() => server.output().split("\n").some((line) => line.includes('"route":"routes/api.events"') && line.includes('"status":200') && line.includes('"member":')))
      .toBe(true);
  });
});
