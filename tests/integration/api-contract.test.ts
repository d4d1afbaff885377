import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tenant } from "../../app/tenancy/schema";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { answerValidator, type OpenApiDocument } from "../fixtures/openapi";
import { freePorts, removeTempDirs, send, startServer, tempDir, waitForListening, type Started } from "../fixtures/server-process";
import { copyDemoTenant, demoTenant } from "../fixtures/demo-tenants";

/*
 * The contract of the JSON API (issue 21, docs/product/api.md#the-json-api) over HTTP against the
 * built server, as an app or the spec's front end meets it: on two brands, logged out and logged
 * in, with good and bad payloads; every answer is checked against the description the server
 * itself publishes at /api/openapi.json. Every member-only call answers 403 authentication_required
 * without a session, with another brand's, and again once the session ended; a HEAD of the GETs
 * that change something changes nothing (docs/product/api.md#head).
 * API_CONTRACT_PORT picks the port (a machine's own range); otherwise the system picks a free one.
 */

const BRANDS = ["flirtpunt", "herchoice"].map((id) => demoTenant(id));
const PASSWORD = "demo-password-2026";
let server: Started;
let database: TestDatabase | null = null;
let validator: ReturnType<typeof answerValidator>;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // The tests read what they assert; the description's schema has checked the rest.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One call with the brand's Host header; writes come from the brand's own page (Sec-Fetch-Site) unless the headers say otherwise. */
function rawCall(tenant: Tenant, method: string, pathAndQuery: string, init: { json?: unknown; raw?: string; cookie?: string; headers?: Record<string, string> } = {}) {
  const body = init.raw ?? (init.json === undefined ? undefined : JSON.stringify(init.json));
  const headers: Record<string, string | number> = { host: tenant.domains[0]! };
  if (init.cookie) headers.cookie = init.cookie;
  if (method !== "GET" && method !== "HEAD") headers["sec-fetch-site"] = "same-origin";
  if (body !== undefined) Object.assign(headers, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  Object.assign(headers, init.headers);
  return new Promise<{ status: number; headers: Reply["headers"]; text: string }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: server.port, path: pathAndQuery, method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    // A server that refuses a body may close before reading all of it; its answer is what counts.
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    req.end(body);
  });
}

/** A call whose answer must be one its description lists, in the described shape. */
async function call(tenant: Tenant, method: string, pathAndQuery: string, init: Parameters<typeof rawCall>[3] = {}): Promise<Reply> {
  const reply = await rawCall(tenant, method, pathAndQuery, init);
  const value = validator.check(method, new URL(pathAndQuery, "http://x").pathname, reply.status, (reply.headers["content-type"] as string | undefined) ?? null, reply.text);
  return { status: reply.status, headers: reply.headers, body: value };
}

/** The member-only calls (docs/product/api.md#the-json-api, the auth rule), each with a payload that would be good for a member. */
const MEMBER_ONLY: Array<[string, string, unknown]> = [
  ["GET", "/api/auto-like.php", undefined],
  ["GET", "/api/chats.php", undefined],
  ["GET", "/api/likes.php", undefined],
  ["GET", "/api/discountcode.php?welcome=true", undefined],
  ["DELETE", "/api/chat.php", { conversation: 1 }],
  ["POST", "/api/page-hidden.php", {}],
  ["PUT", "/api/user.php", { language: "nl" }],
  ["POST", "/api/user.php?push=1", { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) } }],
];

/** Every member-only call with this cookie (none, another brand's, one logged out) answers 403 authentication_required. */
async function expectAllRefused(tenant: Tenant, cookie?: string) {
  for (const [method, pathAndQuery, json] of MEMBER_ONLY) {
    const reply = await call(tenant, method, pathAndQuery, { json, cookie });
    expect([reply.status, reply.body], `${method} ${pathAndQuery}`).toEqual([403, { error: "authentication_required" }]);
  }
}

/** geocode.php for the capital of the brand's first country (London or Amsterdam). */
const cityOf = (tenant: Tenant) => (tenant.domain_language.startsWith("en") ? "/api/geocode.php?lat=51.5072&lon=-0.1276" : "/api/geocode.php?lat=52.3676&lon=4.9041");

const sessionCookie = (reply: Reply) => ((reply.headers["set-cookie"] ?? []) as string[]).find((line) => /^(__Host-)?sid=/.test(line))?.split(";")[0];
const userHeader = { "x-request-type": "client" };

beforeAll(async () => {
  const dir = tempDir("tenants-");
  for (const tenant of BRANDS) copyDemoTenant(tenant.id, dir);
  database = process.env.DATABASE_URL ? await createTestDatabase() : null;
  const port = Number(process.env.API_CONTRACT_PORT ?? 0) || (await freePorts(1))[0]!;
  server = startServer(dir, database?.url ? { DATABASE_URL: database.url } : {}, { port });
  await waitForListening(server);
  const published = await rawCall(BRANDS[0]!, "GET", "/api/openapi.json");
  expect(published.status).toBe(200);
  validator = answerValidator(JSON.parse(published.text) as OpenApiDocument);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.close();
  removeTempDirs();
});

describe("the published description", () => {
  it("is served on every brand's host, the same, and describes itself", async () => {
    const [first, second] = await Promise.all(BRANDS.map((tenant) => call(tenant, "GET", "/api/openapi.json")));
    expect(first!.body).toEqual(second!.body);
    expect(first!.body).toMatchObject({ openapi: "3.1.0" });
  });
});

describe.each(BRANDS)("on $id, logged out", (tenant) => {
  const english = tenant.domain_language.startsWith("en");

  it("user.php is false; logout.php logs nobody out", async () => {
    expect((await call(tenant, "GET", "/api/user.php", { headers: userHeader })).body).toEqual({ user: false });
    expect((await call(tenant, "GET", "/api/user.php")).status).toBe(400);
    expect((await call(tenant, "GET", "/api/logout.php")).body).toEqual({ user: false });
  });

  it("the brand's own settings, interests, regions and company", async () => {
    const settings = await call(tenant, "GET", `/api/settings.php?domain=${BRANDS.find((other) => other !== tenant)!.domains[0]}`);
    expect(settings.body).toMatchObject({ name: tenant.name, domain: tenant.domains[0], domain_language: tenant.domain_language, countries: tenant.countries, push_public_key: null });
    expect((await call(tenant, "GET", "/api/interests.php")).body.interests.map((interest: { id: string }) => interest.id)).toEqual(tenant.settings.interests);
    expect((await call(tenant, "GET", "/api/regions.php")).body.countries.map((country: { code: string }) => country.code)).toEqual(tenant.countries);
    const company = await call(tenant, "GET", "/api/companyinfo.php");
    expect(company.body).toMatchObject({ name: tenant.company.name, kvk: tenant.company.kvk });
    expect(company.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("geocode.php finds a city of the brand's first country, and refuses coordinates that are none", async () => {
    const place = await call(tenant, "GET", cityOf(tenant));
    expect(place.body).toMatchObject({ country: tenant.countries[0] });
    const bad = await call(tenant, "GET", "/api/geocode.php?lat=north&lon=");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(["lat", "lon"]);
  });

  it.each(MEMBER_ONLY)("%s %s answers 403 authentication_required", async (method, pathAndQuery, json) => {
    const reply = await call(tenant, method, pathAndQuery, { json });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ error: "authentication_required" });
  });

  it("a login with a wrong password, no JSON or no fields is refused in the brand's language", async () => {
    const wrong = await call(tenant, "POST", "/api/user.php", { json: { email: `free.${tenant.id}@demo.invalid`, password: "not-the-password" } });
    expect(wrong).toMatchObject({ status: 401, body: { user: false, error: "login_failed", message: english ? "Login failed, please try again" : "Login mislukt, probeer opnieuw" } });
    expect((await call(tenant, "POST", "/api/user.php", { raw: "{email:" })).body).toMatchObject({ error: "invalid_json" });
    const empty = await call(tenant, "POST", "/api/user.php", { json: { email: 42 } });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields).sort()).toEqual(["email", "password"]);
  });

  it("methods: OPTIONS lists them, another is a 405 with Allow, one no route takes is a 501", async () => {
    const options = await rawCall(tenant, "OPTIONS", "/api/chat.php");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("DELETE, OPTIONS");
    const patch = await rawCall(tenant, "PATCH", "/api/user.php", { json: {} });
    expect(patch.status).toBe(405);
    expect(patch.headers.allow).toBe("GET, HEAD, POST, PUT, OPTIONS");
    expect(validator.checkError(patch.text)).toMatchObject({ error: "method_not_allowed" });
    expect((await rawCall(tenant, "GET", "/api/chat.php")).status).toBe(405);
    expect((await rawCall(tenant, "TRACE", "/api/user.php")).status).toBe(501);
  });
});

describe.each(BRANDS)("on $id, logged in", (tenant) => {
  it("logs in, and every member call answers as described, with good and bad payloads", async () => {
    // Two members of the brand: a premium one who likes and writes, a free one who is liked and written to.
    const premiumLogin = await call(tenant, "POST", "/api/user.php", { json: { email: `premium.${tenant.id}@demo.invalid`, password: PASSWORD } });
    expect(premiumLogin.body.user).toMatchObject({ paid_user: true, credits: 500, email: `premium.${tenant.id}@demo.invalid` });
    const premium = { id: premiumLogin.body.user.id as number, cookie: sessionCookie(premiumLogin)! };
    const freeLogin = await call(tenant, "POST", "/api/user.php", { json: { email: `free.${tenant.id}@demo.invalid`, password: PASSWORD } });
    const free = { id: freeLogin.body.user.id as number, cookie: sessionCookie(freeLogin)! };
    expect((await call(tenant, "GET", "/api/user.php", { cookie: free.cookie, headers: userHeader })).body.user).toMatchObject({ id: free.id, paid_user: false });

    // The pages' own forms: a like from the profile, a first message from the chat.
    expect((await send(server.port, tenant.domains[0]!, `/members/${free.id}`, { fields: { intent: "like" }, cookie: premium.cookie })).status).toBeLessThan(400);
    expect((await send(server.port, tenant.domains[0]!, `/members/${free.id}/chat`, { fields: { body: "Hallo daar!" }, cookie: premium.cookie })).status).toBe(302);

    const likes = await call(tenant, "GET", "/api/likes.php", { cookie: free.cookie });
    expect(likes.body.liked_by).toEqual([expect.objectContaining({ id: premium.id, like_new: true, match: false })]);
    expect((await call(tenant, "GET", "/api/likes.php", { cookie: premium.cookie })).body.profiles).toEqual([expect.objectContaining({ id: free.id })]);
    expect((await call(tenant, "GET", "/api/auto-like.php", { cookie: free.cookie })).body.profile).toMatchObject({ id: premium.id, main_image: { match: `/likes/m/${premium.id}` } });

    // HEAD as the server itself answers it: no auto-like (405, nothing liked), a GET that changes nothing answers it.
    const autoLikeHead = await rawCall(tenant, "HEAD", "/api/auto-like.php", { cookie: premium.cookie });
    expect([autoLikeHead.status, autoLikeHead.headers.allow, autoLikeHead.text]).toEqual([405, "GET, OPTIONS", ""]);
    expect((await call(tenant, "GET", "/api/likes.php", { cookie: premium.cookie })).body.liked_by).toEqual([]);
    const likesHead = await rawCall(tenant, "HEAD", "/api/likes.php", { cookie: free.cookie });
    expect([likesHead.status, likesHead.headers["content-type"], likesHead.text]).toEqual([200, expect.stringMatching(/^application\/json/), ""]);

    const chats = await call(tenant, "GET", "/api/chats.php", { cookie: free.cookie });
    expect(chats.body.chats).toEqual([expect.objectContaining({ profile: expect.objectContaining({ id: premium.id }), num_unread_messages: 1 })]);
    const conversation = chats.body.chats[0].conversation.id as number;
    expect((await call(tenant, "DELETE", "/api/chat.php", { cookie: premium.cookie, json: { conversation: "first" } })).status).toBe(400);
    expect((await call(tenant, "DELETE", "/api/chat.php", { cookie: free.cookie, json: { conversation } })).body).toEqual({ ok: true });
    // Deleting is idempotent for the member's own conversation; one that is not theirs is a 404.
    expect((await call(tenant, "DELETE", "/api/chat.php", { cookie: free.cookie, json: { conversation } })).status).toBe(200);
    expect((await call(tenant, "DELETE", "/api/chat.php", { cookie: free.cookie, json: { conversation: conversation + 1_000_000 } })).status).toBe(404);
    expect((await call(tenant, "GET", "/api/chats.php", { cookie: free.cookie })).body.chats).toEqual([]);
    expect((await call(tenant, "GET", "/api/chats.php", { cookie: premium.cookie })).body.chats).toHaveLength(1);
    const longCursor = await call(tenant, "GET", `/api/chats.php?after=${"x".repeat(201)}`, { cookie: premium.cookie });
    expect([longCursor.status, Object.keys(longCursor.body.fields)]).toEqual([400, ["after"]]);

    expect((await call(tenant, "GET", "/api/discountcode.php?code=demo10", { cookie: premium.cookie })).body.discount).toMatchObject({ code: "DEMO10", percentage: 10, currency: tenant.currency });
    expect((await call(tenant, "GET", "/api/discountcode.php?code=NOSUCHCODE", { cookie: premium.cookie })).body).toMatchObject({ error: "discount_not_found" });
    expect((await call(tenant, "GET", "/api/discountcode.php?welcome=true", { cookie: premium.cookie })).body).toEqual({ discount: null, welcome: null });
    expect((await call(tenant, "GET", "/api/discountcode.php", { cookie: premium.cookie })).status).toBe(400);

    expect((await call(tenant, "PUT", "/api/user.php", { cookie: free.cookie, json: { language: "de" } })).body).toEqual({ language: "de" });
    expect((await call(tenant, "GET", "/api/user.php", { cookie: free.cookie, headers: userHeader })).body.user.language).toBe("de");
    expect((await call(tenant, "PUT", "/api/user.php", { cookie: free.cookie, json: { language: "klingon" } })).status).toBe(400);
    expect((await call(tenant, "POST", "/api/user.php?push=1", { cookie: free.cookie, json: { endpoint: "https://fcm.googleapis.com/fcm/send/contract", keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) } } })).body).toEqual({ ok: true });
    expect((await call(tenant, "POST", "/api/user.php?push=1", { cookie: free.cookie, json: { endpoint: "not a url" } })).status).toBe(400);
    expect((await call(tenant, "POST", "/api/page-hidden.php", { cookie: free.cookie, json: {} })).status).toBe(204);
    expect((await call(tenant, "GET", "/api/settings.php", { cookie: free.cookie })).body.push_public_key).toEqual(expect.any(String));
    // The public calls answer a member as they answer a visitor, names in the member's language (de, above).
    for (const path of ["/api/companyinfo.php", cityOf(tenant), "/api/openapi.json"]) {
      expect((await call(tenant, "GET", path, { cookie: free.cookie })).body, path).toEqual((await call(tenant, "GET", path)).body);
    }
    const interests = (await call(tenant, "GET", "/api/interests.php", { cookie: free.cookie })).body.interests;
    expect(interests.map((interest: { id: string }) => interest.id)).toEqual(tenant.settings.interests);
    expect(interests).toContainEqual({ id: "dining_out", name: "Essen gehen" });
    const regions = (await call(tenant, "GET", "/api/regions.php", { cookie: free.cookie })).body.countries;
    expect(regions.map((country: { code: string }) => country.code)).toEqual(tenant.countries);
    expect((await call(tenant, "GET", "/api/geocode.php?lat=91&lon=0", { cookie: free.cookie })).status).toBe(400);

    // The guard: a write from another site, and a body too large, are refused before the call.
    expect((await call(tenant, "PUT", "/api/user.php", { cookie: free.cookie, json: { language: "nl" }, headers: { "sec-fetch-site": "cross-site" } })).body).toMatchObject({ error: "cross_site_request" });
    expect((await call(tenant, "DELETE", "/api/chat.php", { cookie: free.cookie, raw: JSON.stringify({ conversation, padding: "x".repeat(70_000) }) })).status).toBe(413);

    // A session of this brand is none on the other brand.
    const other = BRANDS.find((brand) => brand !== tenant)!;
    expect((await call(other, "GET", "/api/user.php", { cookie: free.cookie, headers: userHeader })).body).toEqual({ user: false });
    await expectAllRefused(other, premium.cookie);

    // A HEAD logs nobody out; the GET does, and then the same cookie opens nothing any more.
    const logoutHead = await rawCall(tenant, "HEAD", "/api/logout.php", { cookie: free.cookie });
    expect([logoutHead.status, logoutHead.headers.allow, logoutHead.headers["set-cookie"]]).toEqual([405, "GET, OPTIONS", undefined]);
    expect((await call(tenant, "GET", "/api/user.php", { cookie: free.cookie, headers: userHeader })).body.user).toMatchObject({ id: free.id });
    expect((await call(tenant, "GET", "/api/logout.php", { cookie: free.cookie })).body).toEqual({ user: false });
    await expectAllRefused(tenant, free.cookie);
    expect((await call(tenant, "GET", "/api/user.php", { cookie: free.cookie, headers: userHeader })).body).toEqual({ user: false });
    // The other member's session is untouched.
    expect((await call(tenant, "GET", "/api/user.php", { cookie: premium.cookie, headers: userHeader })).body.user).toMatchObject({ id: premium.id });
  });
});
