import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setDatabaseHandle } from "../../db/database.server";
import { createRequestContext } from "../../app/context.server";
import { createStaff, finishStaffLogin, setStaffPassword, startStaffLogin } from "../../app/models/staff/staff-accounts.server";
import { createAppHandler } from "../../app/web/request-handler.server";
import { staffSessionCookie } from "../../app/web/cookies.server";
import { testDatabasePerFile } from "../fixtures/database";

/**
 * With STAFF_HOST set, the staff area answers there only (docs/product/staff.md#the-staff-area,
 * review N-M-2): elsewhere every staff path — documents, data requests, actions, in any case —
 * is a 404 before Remix, and the staff cookie is not even read.
 */
vi.hoisted(() => {
  process.env.STAFF_HOST = "Staff.Example.com";
  // The whole request handler runs here, load shedding included: on a machine busy with other
  // test files its event loop ran late and it answered 503 where the test asks for 404 or 299
  // (as the server processes of tests/fixtures/server-process.ts, it does not watch the delay).
  process.env.SHED_EVENT_LOOP_DELAY_MS = "0";
});

const handle = testDatabasePerFile();
const BRAND_HOST = "flirtpunt.nl";
let server: Server;
let port = 0;
/** What reached Remix (a stand-in build: the test is about what never gets there). */
const reachedRemix: string[] = [];

beforeAll(async () => {
  setDatabaseHandle(handle);
  const build = Object.assign(
    () => {
      throw new Error("remix");
    },
    { routes: {} },
  ) as unknown as ServerBuild;
  const app = createAppHandler(build);
  server = createServer((req, res) => {
    void app(req, res, () => {
      reachedRemix.push(`${req.headers.host} ${req.method} ${req.url}`);
      res.statusCode = 299;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  setDatabaseHandle(undefined);
});

function send(host: string, path: string, init: { method?: string; cookie?: string } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = init.method === "POST" ? "email=a%40b.example&password=x" : undefined;
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: init.method ?? "GET",
        headers: { host, "sec-fetch-site": "same-origin", ...(body ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) } : {}), ...(init.cookie ? { cookie: init.cookie } : {}) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("STAFF_HOST (review N-M-2)", () => {
  it("answers 404 to every staff path on a brand's host, before Remix", async () => {
    const paths = ["/staff", "/staff.data", "/staff/audit.data", "/staff/login", "/staff/login/code", "/STAFF/login", "/Staff/audit", "/%73taff/login"];
    for (const path of paths) {
      expect(await send(BRAND_HOST, path), path).toBe(404);
      expect(await send(BRAND_HOST, path, { method: "POST" }), `POST ${path}`).toBe(404);
    }
    expect(reachedRemix).toEqual([]);
  });

  it("passes the staff area on to Remix on the staff host, in any case, and other paths on brand hosts", async () => {
    reachedRemix.length = 0;
    expect(await send("staff.example.com", "/staff/login")).toBe(299);
    expect(await send("STAFF.example.COM", "/staff.data")).toBe(299);
    expect(await send(BRAND_HOST, "/members")).toBe(299);
    expect(reachedRemix).toHaveLength(3);
  });

  it("reads the staff cookie on the staff host only", async () => {
    const created = await createStaff(handle.db, { email: "host@staff.example", name: "Host", roles: ["admin"], brands: [], languages: [], uiLanguage: "en" });
    if ("error" in created) throw new Error("exists");
    await setStaffPassword(handle.db, created.setupToken, "lang genoeg wachtwoord 42");
    const started = await startStaffLogin(handle.db, { email: "host@staff.example", password: "lang genoeg wachtwoord 42", ip: null, userAgent: null });
    if (!started.ok) throw new Error("password refused");
    const finished = await finishStaffLogin(handle.db, started.sessionId, await generate({ secret: new URL(created.totpUri).searchParams.get("secret")! }), null);
    if (!finished.ok) throw new Error("code refused");
    const cookie = (await staffSessionCookie.serialize(finished.sessionId)).split(";")[0]!;
    const origin = { clientIp: null, viaTrustedProxy: false, fromThisMachine: false };
    const onStaffHost = await createRequestContext(new Headers({ host: "staff.example.com", cookie }), origin, "/staff");
    expect(onStaffHost.staff?.email).toBe("host@staff.example");
    const onBrandHost = await createRequestContext(new Headers({ host: BRAND_HOST, cookie }), origin, "/staff/audit.data");
    expect(onBrandHost.staff ?? null).toBeNull();
  });
});
