import { request as httpRequest, type ClientRequest } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoAccountEmail } from "../../db/seed/demo-accounts.server";
import { copyDemoTenant } from "../fixtures/demo-tenants";
import { logIn, openEventStream, removeTempDirs, send, startServer, tempDir, waitForListening, type Started } from "../fixtures/server-process";

/**
 * Load shedding on a real server (docs/decisions/051-load-shedding.md): with SHED_MAX_IN_FLIGHT=2,
 * two requests held open (forms whose body never completes) make the process refuse new pages at
 * once with 503 and Retry-After — a busy page in the brand's language, a plain line for page data,
 * an unhealthy /healthz — while the event stream, the providers' webhooks and static files are
 * answered as without load. An open event stream does not count as a request being answered.
 */
afterAll(() => removeTempDirs());

const HOST = "flirtpunt.nl";
const HTML = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const METRICS_TOKEN = "shedding-test-metrics-token";
const WEBHOOKS = ["/api/payments/webhook/local", "/api/mail/webhook/local", "/api/mail/inbound/local"];

/** A form post whose body is announced but never sent in full: the request stays in flight until destroyed. */
function holdRequest(port: number, cookie: string): ClientRequest {
  const req = httpRequest({
    host: "127.0.0.1",
    port,
    path: "/settings",
    method: "POST",
    headers: { host: HOST, cookie, "content-type": "application/x-www-form-urlencoded", "content-length": 1000, "sec-fetch-site": "same-origin" },
  });
  req.on("error", () => undefined);
  req.write("intent=");
  return req;
}

async function statuses(port: number, paths: string[]): Promise<number[]> {
  return Promise.all(paths.map(async (path) => (await send(port, HOST, path)).status));
}

describe("load shedding", () => {
  let server: Started | undefined;

  it("answers new pages with a quick 503 while the process is at its limit, and never the event stream or a webhook", async () => {
    const dir = tempDir("tenants-");
    copyDemoTenant("flirtpunt", dir);
    server = startServer(dir, { DEMO_PROFILES_PER_POOL: "0", SHED_MAX_IN_FLIGHT: "2", SHED_EVENT_LOOP_DELAY_MS: "0", SHED_RETRY_AFTER_SECONDS: "7", METRICS_TOKEN });
    await waitForListening(server);
    const port = server.port;
    const cookie = await logIn(port, HOST, demoAccountEmail("flirtpunt", "free"), DEMO_PASSWORD);
    const webhooksUnloaded = await statuses(port, WEBHOOKS);
    expect(webhooksUnloaded).not.toContain(503);

    // The open stream and one held request: below the limit, pages are answered.
    const stream = openEventStream(port, HOST, cookie);
    expect(await stream.ready).toBe(200);
    const held = [holdRequest(port, cookie)];
    await expect.poll(async () => (await send(port, HOST, "/healthz")).status, { timeout: 10_000 }).toBe(200);
    expect((await send(port, HOST, "/members", { cookie, headers: { accept: HTML } })).status).toBe(200);

    // A second held request reaches the limit.
    held.push(holdRequest(port, cookie));
    await expect.poll(async () => (await send(port, HOST, "/healthz")).status, { timeout: 10_000 }).toBe(503);

    const page = await send(port, HOST, "/members", { cookie, headers: { accept: HTML } });
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("7");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('<meta http-equiv="refresh" content="7">');
    expect(page.body).toContain("Het is even heel druk");

    const english = await send(port, HOST, "/", { headers: { accept: HTML, cookie: "lng=ImVuIg%3D%3D" } });
    expect(english.status).toBe(503);
    expect(english.body).toContain("It is very busy right now");

    const data = await send(port, HOST, "/members.data", { cookie });
    expect(data.status).toBe(503);
    expect(data.headers["retry-after"]).toBe("7");

    const health = await send(port, HOST, "/healthz");
    expect(JSON.parse(health.body)).toEqual({ ok: false, overloaded: true });

    // The scrape is answered while shedding, and says so (docs/operations.md#metrics).
    const metrics = await send(port, HOST, "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/^dating_load_shedding 1$/m);
    expect(Number(/^dating_http_requests_shed_total (\d+)$/m.exec(metrics.body)?.[1])).toBeGreaterThanOrEqual(3);

    // Excepted: the webhooks answer as without load, a second event stream opens, static files are served.
    expect(await statuses(port, WEBHOOKS)).toEqual(webhooksUnloaded);
    const second = openEventStream(port, HOST, cookie);
    expect(await second.ready).toBe(200);
    expect((await send(port, HOST, "/favicon.svg")).status).toBe(200);
    expect((await send(port, HOST, "/locales/nl/common.json")).status).toBe(200);

    // Once the held requests end, pages are answered again.
    for (const req of held) req.destroy();
    stream.close();
    second.close();
    await expect.poll(async () => (await send(port, HOST, "/members", { cookie, headers: { accept: HTML } })).status, { timeout: 10_000 }).toBe(200);
    const after = await send(port, HOST, "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(after.body).toMatch(/^dating_load_shedding 0$/m);

    await server.stop();
    const shed = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { status?: number; shed?: boolean; route?: string | null });
    expect(shed.filter((line) => line.shed && line.status === 503).length).toBeGreaterThanOrEqual(4);
  });
});
