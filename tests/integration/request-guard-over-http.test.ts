import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { logIn, removeTempDirs, send, startServer, tempDir, waitForListening, type Reply, type Started } from "../fixtures/server-process";
import { copyDemoTenant, demoTenant } from "../fixtures/demo-tenants";

/** The one request guard in front of every action, through the built server (docs/product/safety.md#request-guard). */
const tenant = demoTenant("flirtpunt");
const host = tenant.domains[0]!;
const LOGIN = { email: "free.flirtpunt@demo.invalid", password: "demo-password-2026" };
let server: Started;
let database: TestDatabase | null = null;

beforeAll(async () => {
  const dir = tempDir("tenants-");
  copyDemoTenant("flirtpunt", dir);
  database = process.env.DATABASE_URL ? await createTestDatabase() : null;
  server = startServer(dir, database?.url ? { DATABASE_URL: database.url } : {});
  await waitForListening(server);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.close();
  removeTempDirs();
});

const login = (headers: Record<string, string>) => send(server.port, host, "/login", { fields: LOGIN, headers });

/** A POST whose body arrives in chunks without a declared length. */
function chunkedPost(pathname: string, bytes: number): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, path: pathname, method: "POST", headers: { host, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    // The server may stop reading once it has refused; what it answered is what counts.
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    const piece = "a".repeat(16 * 1024);
    for (let sent = 0; sent < bytes; sent += piece.length) req.write(piece);
    req.end();
  });
}

describe("cross-site requests (review M-2)", () => {
  it("refuses a login posted from another site with a clear 403 page, not a server error", async () => {
    const reply = await login({ "sec-fetch-site": "cross-site", "sec-fetch-dest": "document", accept: "text/html", origin: "https://evil.example" });
    expect(reply.status).toBe(403);
    expect(reply.body).toContain("Dit formulier kwam niet van deze site");
    expect(reply.headers["set-cookie"]).toBeUndefined();
    expect(server.output()).not.toMatch(/CSRF|Error:/);
  });

  it("refuses a post that names another origin and no fetch site, and a script's call as JSON", async () => {
    expect((await login({ "sec-fetch-site": "", origin: "https://evil.example" })).status).toBe(403);
    const call = await send(server.port, host, "/api/alerts/dismiss", { fields: { alert: "noPhoto" }, headers: { "sec-fetch-site": "same-site" } });
    expect(call.status).toBe(403);
    expect(JSON.parse(call.body)).toMatchObject({ error: "cross_site_request" });
  });

  it("lets the site's own forms through: a login from the site's origin works", async () => {
    const reply = await login({ "sec-fetch-site": "", origin: `http://${host}` });
    expect(reply.status).toBe(302);
    expect(reply.headers["set-cookie"]?.some((cookie) => cookie.startsWith("__Host-sid="))).toBe(true);
  });

  it("leaves the payment providers' webhook reachable from outside", async () => {
    const reply = await send(server.port, host, "/api/payments/webhook/local", { fields: { id: "unknown" }, headers: { "sec-fetch-site": "", origin: "https://api.mollie.com" } });
    expect(reply.status).not.toBe(403);
  });
});

describe("request bodies (review M-3)", () => {
  it("refuses a body over 64 KiB by its declared length and by counting a chunked one", async () => {
    const declared = await send(server.port, host, "/login", { fields: { ...LOGIN, padding: "x".repeat(70 * 1024) } });
    expect(declared.status).toBe(413);
    const chunked = await chunkedPost("/login", 1024 * 1024);
    expect(chunked.status).toBe(413);
    // The server is still there for everyone else.
    expect((await login({})).status).toBe(302);
  });
});

describe("headers on every answer (review L-2)", () => {
  it("keep a member's pages and calls out of caches, and give files and resource routes the security headers", async () => {
    const cookie = await logIn(server.port, host, LOGIN.email, LOGIN.password);
    const page = await send(server.port, host, "/profile", { cookie });
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    const call = await send(server.port, host, "/api/page-visible", { cookie, headers: { "content-type": "application/json" } });
    expect(call.headers["cache-control"]).toBe("private, no-store");
    for (const path of ["/healthz", "/favicon.svg", "/manifest.webmanifest"]) {
      const reply = await send(server.port, host, path);
      expect(reply.headers["x-content-type-options"], path).toBe("nosniff");
    }
    // Plain HTTP without a trusted proxy saying otherwise: no HSTS.
    expect(page.headers["strict-transport-security"]).toBeUndefined();
  });
});
