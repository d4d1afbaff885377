import { afterAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoAccountEmail } from "../../db/seed/demo-accounts.server";
import { copyDemoTenant } from "../fixtures/demo-tenants";
import { removeTempDirs, send, startServer, tempDir, waitForListening, type Started } from "../fixtures/server-process";

/**
 * The request log of a real server (docs/operations.md#logs): one JSON line per request with its
 * id, brand, route and status, and nothing personal — the test member's e-mail address, the
 * password and the text they wrote appear nowhere in the whole log.
 */
afterAll(() => removeTempDirs());

const HOST = "flirtpunt.nl";
const SECRET_TEXT = "Mijn geheime klacht over de kleur oranje 4711";

interface LogLine {
  req?: string;
  brand?: string | null;
  route?: string | null;
  kind?: string;
  method?: string;
  status?: number;
  ms?: number;
  member?: string;
}

describe("the request log", () => {
  let server: Started | undefined;

  it("has a JSON line per request, with the request id the answer carries, and no personal data", async () => {
    const dir = tempDir("tenants-");
    copyDemoTenant("flirtpunt", dir);
    server = startServer(dir, { DEMO_PROFILES_PER_POOL: "0" });
    await waitForListening(server);
    const email = demoAccountEmail("flirtpunt", "free");
    const login = await send(server.port, HOST, "/login", { fields: { email, password: DEMO_PASSWORD, redirectTo: "/" } });
    const cookie = (login.headers["set-cookie"] as string[] | undefined)?.map((line) => line.split(";")[0]).join("; ") ?? "";
    expect(cookie).toContain("sid=");
    const start = await send(server.port, HOST, "/members", { cookie });
    expect(start.status).toBe(200);
    await send(server.port, HOST, "/complaints", { cookie, fields: { subject: "other", message: SECRET_TEXT } });
    const given = start.headers["x-request-id"] as string;
    expect(given).toMatch(/^[0-9a-f-]{36}$/);

    await server.stop();
    const log = server.output();
    const lines = log.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as LogLine);
    const members = lines.find((line) => line.req === given);
    expect(members).toMatchObject({ brand: "flirtpunt", route: "routes/_default.members._index", kind: "document", method: "GET", status: 200 });
    expect(members?.member).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(lines.some((line) => line.route === "routes/_default.login" && line.method === "POST")).toBe(true);
    for (const secret of [email, DEMO_PASSWORD, SECRET_TEXT]) expect(log).not.toContain(secret);
    expect(JSON.stringify(lines)).not.toContain("127.0.0.1");
  });
});
