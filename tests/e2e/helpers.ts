import { createHmac, hkdfSync } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { CONSENT_TEXT_VERSION } from "../../app/models/consent/consent-choice";

/**
 * An address of its own for a browser's visitor, sent as X-Forwarded-For to the server, which
 * trusts its loopback "proxy" (tests/e2e/start-server.mjs). From 198.18.0.0/15, the range kept
 * for tests.
 */
export async function giveOwnAddress(context: BrowserContext): Promise<void> {
  const byte = () => Math.floor(Math.random() * 256);
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `198.${18 + (byte() % 2)}.${byte()}.${byte()}` });
}

/** The uncaught errors and blocked scripts or styles of a page from now on, collected as they happen. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) errors.push(message.text());
  });
  return errors;
}

/**
 * Every page must run its scripts without an uncaught error or a blocked script or style. Every
 * test's visitor has made a cookie choice (nothing but the necessary) on every brand, as a
 * returning visitor has, unless the test is about that choice: `test.use({ undecidedConsent: true })`.
 */
export const test = base.extend<{ failOnPageError: void; undecidedConsent: boolean; decidedConsent: void }>({
  undecidedConsent: [false, { option: true }],
  decidedConsent: [
    async ({ page, undecidedConsent }, use) => {
      if (!undecidedConsent) await decideConsent(page.context());
      await use();
    },
    { auto: true },
  ],
  failOnPageError: [
    async ({ page }, use) => {
      await giveOwnAddress(page.context());
      const errors = watchPageErrors(page);
      await use();
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export const PORT = Number(process.env.E2E_PORT ?? 3199);

export function brandUrl(tenantId: string, path = "/"): string {
  return `http://${tenantId}.localhost:${PORT}${path}`;
}

/** Accept the adult-content warning up front, as a returning visitor would have. */
export async function acceptSiteEntry(context: BrowserContext, tenantId: string): Promise<void> {
  // Remix cookies hold base64 of their JSON value.
  await context.addCookies([{ name: "site_entry", value: encodeURIComponent(btoa(JSON.stringify(Date.now()))), domain: `${tenantId}.localhost`, path: "/" }]);
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const BRANDS = readdirSync(path.join(ROOT, "tenants"))
  .filter((file) => file.endsWith(".json") && !file.startsWith("_"))
  .map((file) => file.slice(0, -".json".length));

/**
 * The key the test server signs consent cookies with (app/services/secrets/keys.server.ts): from
 * SESSION_SECRETS, or the secret it made in its data directory (tests/e2e/start-server.mjs).
 */
function consentKey(): string {
  const secret = process.env.SESSION_SECRETS?.split(",")[0]?.trim() || readFileSync(path.join(ROOT, `.data/e2e-${PORT}/secret.key`), "utf8").trim();
  return Buffer.from(hkdfSync("sha256", secret, "", "dating-platform/consent-cookie", 32)).toString("base64url");
}

/**
 * A cookie choice already made on the brands (docs/product/site.md#consent-and-tags), signed as the
 * server signs it: by default "Weigeren" (only the necessary), so no tag loads and no banner shows.
 */
export async function decideConsent(context: BrowserContext, choice: { analytics: boolean; marketing: boolean } = { analytics: false, marketing: false }, brands: readonly string[] = BRANDS): Promise<void> {
  // Remix cookies hold base64 of their JSON value, signed with HMAC-SHA256 (cookie-signature).
  const value = btoa(JSON.stringify({ ...choice, version: CONSENT_TEXT_VERSION, at: Date.now() }));
  const signed = `${value}.${createHmac("sha256", consentKey()).update(value).digest("base64").replace(/=+$/, "")}`;
  await context.addCookies(brands.map((brand) => ({ name: "consent", value: encodeURIComponent(signed), domain: `${brand}.localhost`, path: "/" })));
}

export const PASSWORD = "zomer-fiets-lamp-42";

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function fillSignup(page: Page, fields: { email: string; name: string; password?: string; birth?: string }) {
  const form = page.getByTestId("signup-form");
  await form.locator('input[name="email"]').fill(fields.email);
  await form.locator('input[name="name"]').fill(fields.name);
  await form.locator('input[name="password"]').fill(fields.password ?? PASSWORD);
  await form.locator('input[name="date_of_birth"]').fill(fields.birth ?? "1990-05-17");
  await page.getByTestId("signup-submit").click();
}

/** Signs up on a brand and leaves the browser logged out again, as a returning visitor. */
export async function signUpThenForgetSession(page: Page, tenantId: string, fields: { email: string; name: string }) {
  await acceptSiteEntry(page.context(), tenantId);
  await page.goto(brandUrl(tenantId, "/signup"));
  await page.waitForLoadState("networkidle");
  await fillSignup(page, fields);
  await passSignupMatches(page);
  await forgetSession(page);
}

/**
 * The browser of this page becomes a visitor's. Off the site first: a page still open would find
 * its session gone on its next call and go to the login page itself, racing the test's next step.
 */
export async function forgetSession(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies({ name: "sid" });
}

/** A link from the newest mail to this address in the local outbox, e.g. "/activate/". */
export async function mailLinkFor(page: Page, tenantId: string, email: string, pathPrefix: string): Promise<string> {
  await page.goto(brandUrl(tenantId, "/dev/mail"));
  await page.getByTestId("outbox").getByText(email).first().click();
  const text = (await page.getByTestId("mail-text").textContent()) ?? "";
  const escaped = pathPrefix.replace(/[/?]/g, "\\$&");
  const link = new RegExp(`(http\\S+${escaped}[A-Za-z0-9_-]+)`).exec(text)?.[1];
  if (!link) throw new Error(`no ${pathPrefix} link in:\n${text}`);
  return link;
}

/**
 * Opens a mailed link that logs in (activation, reactivation, a notification mail's button) and
 * presses the one button of its page, as a person does: opening the link alone logs nobody in
 * (docs/product/accounts.md#links-that-log-in).
 */
export async function followLoginLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByTestId("link-continue")).toBeVisible();
  const path = new URL(link).pathname;
  await Promise.all([page.waitForURL((url) => url.pathname !== path), page.getByTestId("link-continue-submit").click()]);
}

/** Right after signup: the members who suit the new member (/signup-matches), then on to the profile steps. */
export async function passSignupMatches(page: Page) {
  await expect(page).toHaveURL(/\/signup-matches$/);
  await page.getByTestId("signup-matches-continue").click();
  await expect(page).toHaveURL(/\/complete-signup\/photo$/);
}

/**
 * One account prompt shows at a time (docs/product/notifications.md#one-prompt-at-a-time): puts away ("Later") those
 * shown before the one a test is about, until that one is on the page.
 */
export async function laterUntilPrompt(page: Page, testId: string) {
  const banners = page.getByTestId("warning-banners");
  for (let shown = 0; shown < 6; shown++) {
    const current = banners.locator("[data-testid]").first();
    await expect(current).toBeVisible();
    const id = await current.getAttribute("data-testid");
    if (id === testId) return;
    await Promise.all([page.waitForResponse((r) => r.url().includes("/api/alerts/dismiss")), current.getByTestId(`${id}-dismiss`).click()]);
    await expect(page.getByTestId(id!)).toHaveCount(0);
  }
  throw new Error(`the prompt ${testId} never came`);
}
