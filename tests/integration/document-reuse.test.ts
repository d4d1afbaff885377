import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logIn, removeTempDirs, send, startServer, waitForListening, type Reply } from "../fixtures/server-process";

// A visitor's document is rendered once and sent again while its address, language and data are
// the same (docs/decisions/038-visitor-documents-reused.md).
const HOST = "www.flirtpunt.nl";
const VISITOR_PAGES = ["/", "/members", "/pages/cookies", "/login", "/signup", "/landers/gallery"];

function nonceOf(reply: Reply): string {
  const nonce = /'nonce-([^']+)'/.exec(String(reply.headers["content-security-policy"]))?.[1];
  if (!nonce) throw new Error(`no nonce in the answer's policy (status ${reply.status})`);
  return nonce;
}

/** The language cookie as the language switcher sets it (a cookie of Remix's createCookie). */
const languageCookie = (language: string) => `lng=${encodeURIComponent(Buffer.from(JSON.stringify(language)).toString("base64"))}`;

/** Every nonce attribute in the markup. */
const markupNonces = (body: string) => new Set([...body.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]));

describe("a visitor's document", () => {
  let server: ReturnType<typeof startServer>;
  let entered: string;
  beforeAll(async () => {
    server = startServer("tenants");
    await waitForListening(server);
    // Past the entry warning, as a visitor who said yes.
    const entry = await send(server.port, HOST, "/api/site-entry", { fields: { redirectTo: "/" } });
    entered = String(entry.headers["set-cookie"]?.find((cookie) => cookie.startsWith("site_entry="))?.split(";")[0]);
  });
  afterAll(async () => {
    await server.stop();
    removeTempDirs();
  });

  it("sent again is the same page, with the nonce of its own answer in the markup", async () => {
    for (const path of VISITOR_PAGES) {
      const first = await send(server.port, HOST, path, { cookie: entered });
      const again = await send(server.port, HOST, path, { cookie: entered });
      expect(first.status, path).toBe(200);
      expect(again.status, path).toBe(200);
      const [before, after] = [nonceOf(first), nonceOf(again)];
      expect(after, path).not.toBe(before);
      expect(markupNonces(again.body), path).toEqual(new Set([after]));
      expect(again.body, path).toBe(first.body.replaceAll(before, after));
      expect(Number(again.headers["content-length"]), path).toBe(Buffer.byteLength(again.body));
    }
  });

  it("is made of nothing but its address, language and data: two renders of the same data are the same bytes", async () => {
    // Each address is new, so both are rendered; the parameter is one no page reads.
    for (const path of VISITOR_PAGES) {
      const join = path.includes("?") ? "&" : "?";
      const one = await send(server.port, HOST, `${path}${join}probe=aaaaaaaa`, { cookie: entered });
      const two = await send(server.port, HOST, `${path}${join}probe=bbbbbbbb`, { cookie: entered });
      expect(two.body.replaceAll(nonceOf(two), "NONCE").replaceAll("bbbbbbbb", "aaaaaaaa"), path).toBe(one.body.replaceAll(nonceOf(one), "NONCE"));
    }
  });

  it("is another page when the language or the visitor's state is another", async () => {
    const dutch = await send(server.port, HOST, "/pages/cookies", { cookie: `${entered}; ${languageCookie("nl")}` });
    const german = await send(server.port, HOST, "/pages/cookies", { cookie: `${entered}; ${languageCookie("de")}` });
    expect(dutch.body).toContain('<html lang="nl"');
    expect(german.body).toContain('<html lang="de"');
    // Before the entry warning was answered the same address shows the warning.
    const newcomer = await send(server.port, HOST, "/pages/cookies");
    expect(newcomer.body).not.toBe(dutch.body.replaceAll(nonceOf(dutch), nonceOf(newcomer)));
  });

  it("is never a member's: a member's page is rendered for them, and a visitor's after it is a visitor's", async () => {
    const sid = await logIn(server.port, HOST, "free.flirtpunt@demo.invalid", "demo-password-2026");
    const member = await send(server.port, HOST, "/members", { cookie: `${entered}; ${sid}` });
    const visitor = await send(server.port, HOST, "/members", { cookie: entered });
    const visitorAgain = await send(server.port, HOST, "/members", { cookie: entered });
    expect(member.body).toContain('action="/logout"');
    expect(visitor.body).not.toContain('action="/logout"');
    expect(visitorAgain.body).toBe(visitor.body.replaceAll(nonceOf(visitor), nonceOf(visitorAgain)));
  });
});
