import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentRecords, postbackDeliveries } from "../../db/schema/index";
import { setDatabaseHandle } from "../../db/database.server";
import { action as consentAction } from "../../app/routes/api.consent";
import { createAccount } from "../../app/models/accounts/accounts.server";
import { expandConversions } from "../../app/models/attribution/postbacks.server";
import { CONSENT_TEXT_VERSION } from "../../app/models/consent/consent-choice";
import { pageConsent } from "../../app/models/consent/pages/consent.server";
import { TenantRegistry } from "../../app/tenancy/registry";
import { tenantSchema } from "../../app/tenancy/schema";
import { consentCookie } from "../../app/web/cookies.server";
import { contextFor } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { removeTempDirs, send, startServer, waitForListening } from "../fixtures/server-process";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
beforeAll(() => setDatabaseHandle(handle));
afterAll(() => setDatabaseHandle(undefined));

const tagged = tenantSchema.parse({
  ...tenantFixture({ id: "tagged", pool: "tagged" }),
  tags: { analytics: { script_url: "https://stats.tagged.example/js/script.js", site_id: "tagged" }, marketing_pixel: { id: "PX1", script_url: "https://pixel.ads.example/p.js" } },
});
const plain = tenantSchema.parse(tenantFixture({ id: "plain", pool: "plain" }));

function consentPost(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request("http://tagged.example/api/consent", { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });
}

/** The consent cookie of a Set-Cookie answer, as the browser sends it back. */
function consentCookieOf(answer: Response): string {
  const set = answer.headers.getSetCookie().find((value) => value.startsWith("consent="));
  expect(set).toBeDefined();
  return set!.split(";")[0]!;
}

const page = (cookie?: string, path = "/", headers: Record<string, string> = {}) => new Request(`http://tagged.example${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });

describe("the consent action", () => {
  it("records the choice with its time, categories, text version, brand and member, sets the cookie and goes back", async () => {
    const { current } = await createMember(handle.db, { tenant: tagged, name: "Kiezer" });
    const context = contextFor(tagged, { member: current });
    const before = Date.now();
    const answer = (await consentAction({ request: consentPost({ intent: "save", analytics: "on", redirectTo: "/members?page=2&cookie-settings" }), context, params: {} })) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/members?page=2");
    const cookie = consentCookieOf(answer);
    expect(await consentCookie.parse(cookie)).toMatchObject({ analytics: true, marketing: false, version: CONSENT_TEXT_VERSION });

    const rows = await handle.db.select().from(consentRecords).where(eq(consentRecords.memberId, current.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ siteId: "tagged", analytics: true, marketing: false, textVersion: CONSENT_TEXT_VERSION, gpc: false, source: "banner" });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // With the cookie: no banner, and the analytics tag alone may load.
    const withCookie = await pageConsent(page(cookie), context, tagged);
    expect(withCookie).toMatchObject({ banner: null, allowed: { analytics: true, marketing: false } });
    expect(withCookie.tags.map((tag) => tag.id)).toEqual(["analytics"]);
    // Another device of the member, without the cookie: the account's choice holds.
    const otherDevice = await pageConsent(page(), context, tagged);
    expect(otherDevice.banner).toBeNull();
    expect(otherDevice.tags.map((tag) => tag.id)).toEqual(["analytics"]);
    // A visitor's browser without a choice: the banner, and nothing loads.
    const visitor = await pageConsent(page(), contextFor(tagged), tagged);
    expect(visitor).toMatchObject({ banner: "ask", allowed: null, tags: [] });
  });

  it("keeps a visitor's choice without a member, and Sec-GPC: 1 refuses marketing whatever was clicked", async () => {
    const answer = (await consentAction({ request: consentPost({ intent: "accept", redirectTo: "/" }, { "sec-gpc": "1" }), context: contextFor(tagged), params: {} })) as Response;
    const cookie = consentCookieOf(answer);
    const [row] = await handle.db.select().from(consentRecords).where(eq(consentRecords.gpc, true));
    expect(row).toMatchObject({ memberId: null, analytics: true, marketing: false, gpc: true });
    const shown = await pageConsent(page(cookie, "/", { "sec-gpc": "1" }), contextFor(tagged), tagged);
    expect(shown.tags.map((tag) => tag.id)).toEqual(["analytics"]);
  });

  it("asks again when the banner's text version changed, and opens the choice from the footer's link on any brand", async () => {
    const old = await consentCookie.serialize({ analytics: true, marketing: true, version: CONSENT_TEXT_VERSION - 1, at: Date.now() });
    expect((await pageConsent(page(old.split(";")[0]), contextFor(tagged), tagged)).banner).toBe("ask");
    expect((await pageConsent(page(undefined, "/"), contextFor(plain), plain)).banner).toBeNull();
    expect((await pageConsent(page(undefined, "/pages/faq?cookie-settings"), contextFor(plain), plain)).banner).toBe("choose");
  });

  it("refuses an answer that is none of the three and forges nothing from an unsigned cookie", async () => {
    const answer = (await consentAction({ request: consentPost({ intent: "everything", redirectTo: "/pricing" }), context: contextFor(tagged), params: {} })) as Response;
    expect(answer.headers.get("Location")).toBe("/pricing?cookie-settings");
    expect(answer.headers.getSetCookie().some((value) => value.startsWith("consent="))).toBe(false);
    const forged = `consent=${encodeURIComponent(btoa(JSON.stringify({ analytics: true, marketing: true, version: CONSENT_TEXT_VERSION, at: Date.now() })))}`;
    expect((await pageConsent(page(forged), contextFor(tagged), tagged)).tags).toEqual([]);
  });
});

describe("conversion postbacks of a brand with postbacks_need_consent", () => {
  const form = (email: string) => ({ email, name: "Anna", password: "een lang genoeg wachtwoord", date_of_birth: "1990-04-12", signup_message: undefined, email_confirmed: undefined });
  const brand = (needConsent: boolean) =>
    tenantSchema.parse({
      ...tenantFixture({ id: needConsent ? "waiting" : "telling", pool: "pb" }),
      tracking: { postbacks_need_consent: needConsent, postbacks: [{ network: "adnet", url: "https://net.example/pb?e={event}", events: ["signup"] }] },
    });

  it("are made only for members whose choice allows marketing; without the setting for everyone", async () => {
    const waiting = brand(true);
    const telling = brand(false);
    const tracking = { network: "adnet" };
    const agreed = await createAccount(handle.db, { tenant: waiting, form: form("agreed@example.com"), tracking, language: "nl", country: null, consent: { analytics: false, marketing: true, gpc: false } });
    const refused = await createAccount(handle.db, { tenant: waiting, form: form("refused@example.com"), tracking, language: "nl", country: null, consent: { analytics: true, marketing: false, gpc: false } });
    const undecided = await createAccount(handle.db, { tenant: waiting, form: form("undecided@example.com"), tracking, language: "nl", country: null });
    const gpc = await createAccount(handle.db, { tenant: waiting, form: form("gpc@example.com"), tracking, language: "nl", country: null, consent: { analytics: true, marketing: true, gpc: true } });
    const elsewhere = await createAccount(handle.db, { tenant: telling, form: form("elsewhere@example.com"), tracking, language: "nl", country: null });
    await expandConversions(handle.db, new TenantRegistry([waiting, telling]));

    const deliveries = await handle.db.select().from(postbackDeliveries);
    const byEvent = await Promise.all(deliveries.map(async (delivery) => delivery.eventId));
    expect(byEvent).toHaveLength(2);
    const memberIds = (await handle.db.query.conversionEvents.findMany()).filter((event) => byEvent.includes(event.id)).map((event) => event.memberId);
    expect(memberIds.sort()).toEqual([agreed!.memberId, elsewhere!.memberId].sort());
    expect([refused, undecided, gpc].every((account) => !memberIds.includes(account!.memberId))).toBe(true);
    // The signup took the visitor's choice over onto the account.
    const [record] = await handle.db.select().from(consentRecords).where(eq(consentRecords.memberId, agreed!.memberId));
    expect(record).toMatchObject({ source: "signup", marketing: true, siteId: "waiting" });
  });
});

describe("the content security policy", () => {
  let server: ReturnType<typeof startServer>;
  beforeAll(async () => {
    server = startServer("tenants");
    await waitForListening(server);
  });
  afterAll(async () => {
    await server.stop();
    removeTempDirs();
  });

  it("admits the tag's host on the brand that has it, and no other brand's page does; before a choice no tag is in the page", async () => {
    const tagged = await send(server.port, "www.mandemoede.dk", "/");
    expect(tagged.status).toBe(200);
    const policy = String(tagged.headers["content-security-policy"]);
    for (const directive of ["script-src", "connect-src", "img-src"]) {
      expect(policy.split("; ").find((part) => part.startsWith(directive))).toContain("https://stats.mandemoede.invalid");
    }
    expect(tagged.body).toContain('data-testid="consent-banner"');
    expect(tagged.body).not.toContain("stats.mandemoede.invalid/js/script.js");

    const other = await send(server.port, "www.flirtpunt.nl", "/");
    expect(String(other.headers["content-security-policy"])).not.toContain("mandemoede");
    expect(other.body).not.toContain('data-testid="consent-banner"');

    // Without JavaScript: the form post sets the cookie, and the next page carries the tag with the page's nonce.
    const chosen = await send(server.port, "www.mandemoede.dk", "/api/consent", { fields: { intent: "save", analytics: "on", redirectTo: "/" } });
    expect(chosen.status).toBe(303);
    const cookie = (chosen.headers["set-cookie"] ?? []).map((value) => value.split(";")[0]).join("; ");
    const after = await send(server.port, "www.mandemoede.dk", "/", { cookie });
    const nonce = /'nonce-([^']+)'/.exec(String(after.headers["content-security-policy"]))?.[1];
    expect(after.body).toMatch(new RegExp(`<script src="https://stats\\.mandemoede\\.invalid/js/script\\.js" async="" nonce="${nonce!.replace(/[+/=]/g, "\\$&")}" data-consent-tag="analytics" data-site-id="mandemoede">`));
    expect(after.body).not.toContain('data-testid="consent-banner"');
  });
});
