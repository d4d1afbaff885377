// Consent before any third-party tag (docs/product/site.md#consent-and-tags): the demo brand
// Mandemøde has a statistics script and a marketing pixel (tenants/mandemoede.json), on hosts that
// never resolve; the browser's requests to them are answered here and counted.
import type { BrowserContext, Page, Request } from "@playwright/test";
import { auditCurrentPage } from "./axe-audit";
import { acceptSiteEntry, brandUrl, expect, giveOwnAddress, test } from "./helpers";
import { logIn } from "./member-setup";

const BRAND = "mandemoede";
const STATS = "https://stats.mandemoede.invalid/js/script.js";
const PIXEL = "https://pixel.mandemoede.invalid/p.js";

test.use({ undecidedConsent: true });

/** Answers the tags' hosts with a script that counts its runs, and lists every request that leaves the brand's own host. */
async function watchThirdParty(context: BrowserContext, page: Page): Promise<string[]> {
  const away: string[] = [];
  await context.route(/^https:\/\/(stats|pixel)\.mandemoede\.invalid\//, (route) =>
    route.fulfill({ contentType: "text/javascript", body: `window.__tagRuns = (window.__tagRuns || []).concat(${JSON.stringify(route.request().url())});` }),
  );
  page.on("request", (request: Request) => {
    if (new URL(request.url()).host !== new URL(brandUrl(BRAND)).host) away.push(request.url());
  });
  return away;
}

/** Clicks one of the banner's buttons and waits until the choice is stored (the form is posted in the background). */
async function answer(page: Page, testId: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/api/consent") && response.request().method() === "POST"),
    page.getByTestId("consent-banner").getByTestId(testId).click(),
  ]);
}

const tagRuns = (page: Page) => page.evaluate(() => (window as unknown as { __tagRuns?: string[] }).__tagRuns ?? []);

test("nothing leaves the page before a choice; Vælg with statistics loads exactly that tag with the page's nonce, without a reload; the footer link reopens the choice", async ({ page }) => {
  await acceptSiteEntry(page.context(), BRAND);
  const away = await watchThirdParty(page.context(), page);
  await page.goto(brandUrl(BRAND));
  const banner = page.getByTestId("consent-banner");
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("heading")).toHaveText("Cookies på Mandemøde");
  await expect(banner.getByTestId("consent-accept")).toHaveText("Accepter");
  await expect(banner.getByTestId("consent-reject")).toHaveText("Afvis");
  await expect(banner.getByTestId("consent-choose")).toHaveText("Vælg");
  await auditCurrentPage(page, BRAND, { path: "/", route: "_default._index" });
  await page.waitForLoadState("networkidle");
  expect(away, "requests before a choice").toEqual([]);

  // "Vælg" opens the categories in the page (a marker set in the page survives: no reload).
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await banner.getByTestId("consent-choose").click();
  await expect(banner.getByTestId("consent-categories")).toBeVisible();
  await auditCurrentPage(page, BRAND, { path: "/", route: "_default._index" });
  await banner.getByTestId("consent-toggle-analytics").check();
  await answer(page, "consent-save");
  await expect(banner).toBeHidden();
  await expect.poll(() => tagRuns(page)).toEqual([STATS]);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  expect(away).toEqual([STATS]);
  const nonces = await page.evaluate(() => ({
    tag: document.querySelector<HTMLScriptElement>('script[data-consent-tag="analytics"]')?.nonce ?? "",
    page: document.querySelector<HTMLScriptElement>("script[nonce]:not([data-consent-tag])")?.nonce ?? "",
  }));
  expect(nonces.tag).not.toBe("");
  expect(nonces.tag).toBe(nonces.page);

  // On the next pages the tag runs once per page load, and the marketing pixel never.
  await page.goto(brandUrl(BRAND, "/pricing"));
  await expect.poll(() => tagRuns(page)).toEqual([STATS]);
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);

  // The footer's link reopens the choice with what was chosen; "Afvis" withdraws it.
  await page.getByTestId("cookie-settings-link").click();
  await expect(banner.getByTestId("consent-categories")).toBeVisible();
  await expect(banner.getByTestId("consent-toggle-analytics")).toBeChecked();
  await expect(banner.getByTestId("consent-toggle-marketing")).not.toBeChecked();
  // A started script cannot be unloaded: the page loads afresh without it.
  const reloaded = page.waitForEvent("load");
  await answer(page, "consent-reject");
  await reloaded;
  await expect(banner).toHaveCount(0);
  expect(await tagRuns(page)).toEqual([]);
  away.length = 0;
  await page.goto(brandUrl(BRAND, "/members"));
  await page.waitForLoadState("networkidle");
  expect(await tagRuns(page)).toEqual([]);
  expect(away, "requests after the withdrawal").toEqual([]);
});

test("after Afvis nothing loads on the next pages, landers included", async ({ page }) => {
  await acceptSiteEntry(page.context(), BRAND);
  const away = await watchThirdParty(page.context(), page);
  await page.goto(brandUrl(BRAND, "/landers/gallery"));
  // A lander has no script of its own: the banner is a plain form.
  await expect(page.getByTestId("consent-banner")).toBeVisible();
  await page.getByTestId("consent-reject").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/landers/gallery"));
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  for (const path of ["/", "/pricing", "/landers/video"]) {
    await page.goto(brandUrl(BRAND, path));
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  }
  expect(away).toEqual([]);
  // The lander's short footer reopens the choice too.
  await page.getByTestId("cookie-settings-link").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/landers/video?cookie-settings"));
  await expect(page.getByTestId("consent-banner")).toHaveAttribute("data-view", "choose");
});

test("a browser sending Sec-GPC: 1 that accepts everything gets the statistics but never the marketing pixel", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    // An address of its own, as giveOwnAddress gives (setting the headers replaces those it set).
    const address = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
    await context.setExtraHTTPHeaders({ "x-forwarded-for": address, "sec-gpc": "1" });
    await acceptSiteEntry(context, BRAND);
    const page = await context.newPage();
    const away = await watchThirdParty(context, page);
    await page.goto(brandUrl(BRAND));
    const banner = page.getByTestId("consent-banner");
    await expect(banner.getByTestId("consent-gpc")).toBeVisible();
    await answer(page, "consent-accept");
    await expect(banner).toBeHidden();
    await expect.poll(() => tagRuns(page)).toEqual([STATS]);
    await page.goto(brandUrl(BRAND, "/landers/gallery"));
    await page.waitForLoadState("networkidle");
    expect(away.filter((url) => url === PIXEL)).toEqual([]);
    expect(away.every((url) => url === STATS)).toBe(true);
  } finally {
    await context.close();
  }
});

test("a brand without tags shows no banner and loads nothing, yet its footer opens the choice", async ({ page }) => {
  await acceptSiteEntry(page.context(), "flirtpunt");
  await page.goto(brandUrl("flirtpunt", "/pricing"));
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  await page.getByTestId("cookie-settings-link").click();
  await expect(page.getByTestId("consent-banner")).toHaveAttribute("data-view", "choose");
  await expect(page.getByTestId("consent-banner").getByRole("heading")).toHaveText("Cookie-instellingen");
  await expect(page.getByTestId("consent-accept")).toHaveText("Accepteren");
  await expect(page.getByTestId("consent-reject")).toHaveText("Weigeren");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the banner is compact at the bottom with three equal buttons, stays above a member's tab bar, and the member's choice holds on another device", async ({ page, browser }, testInfo) => {
    // A demo member who has not chosen yet (each run seeds a fresh database; a retry takes the other one).
    const email = `${testInfo.retry === 0 ? "free" : "premium"}.${BRAND}@demo.invalid`;
    await logIn(page, BRAND, email, "demo-password-2026");
    await page.goto(brandUrl(BRAND, "/members"));
    const banner = page.getByTestId("consent-banner");
    await expect(banner).toBeVisible();
    const box = (await banner.boundingBox())!;
    const tabBar = (await page.getByTestId("tab-bar").boundingBox())!;
    expect(box.height, "compact").toBeLessThan(844 * 0.4);
    expect(box.y + box.height).toBeLessThanOrEqual(tabBar.y + 1);
    const buttons = await Promise.all(["consent-accept", "consent-reject", "consent-choose"].map(async (id) => ({ box: (await banner.getByTestId(id).boundingBox())!, style: await banner.getByTestId(id).getAttribute("class") })));
    for (const button of buttons.slice(1)) {
      expect(button.style).toBe(buttons[0]!.style);
      expect(Math.abs(button.box.height - buttons[0]!.box.height)).toBeLessThan(1);
      expect(Math.abs(button.box.width - buttons[0]!.box.width)).toBeLessThan(2);
    }
    // The tab bar keeps working while the banner waits.
    await page.getByTestId("tab-likes").click();
    await expect(page).toHaveURL(/\/likes/);
    await expect(banner).toBeVisible();
    await auditCurrentPage(page, BRAND, { path: new URL(page.url()).pathname, route: "_default.likes.$type" });
    await answer(page, "consent-reject");
    await expect(banner).toBeHidden();
    // The chat layout has no footer: its link sits under the conversation list.
    await page.goto(brandUrl(BRAND, "/chats"));
    await page.getByTestId("cookie-settings-link").click();
    await expect(banner).toHaveAttribute("data-view", "choose");
    await expect(banner.getByTestId("consent-toggle-analytics")).not.toBeChecked();

    // Another device of the same member: the account's choice holds.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      await giveOwnAddress(other);
      const second = await other.newPage();
      await logIn(second, BRAND, email, "demo-password-2026");
      await second.goto(brandUrl(BRAND, "/members"));
      await expect(second.getByTestId("tab-bar")).toBeVisible();
      await expect(second.getByTestId("consent-banner")).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test("without JavaScript the three answers are plain form posts; Vælg opens the categories from the server", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      await giveOwnAddress(context);
      await acceptSiteEntry(context, BRAND);
      const page = await context.newPage();
      const away = await watchThirdParty(context, page);
      await page.goto(brandUrl(BRAND, "/pricing"));
      await page.getByTestId("consent-choose").click();
      await expect(page).toHaveURL(brandUrl(BRAND, "/pricing?cookie-settings"));
      await expect(page.getByTestId("consent-categories")).toBeVisible();
      expect(away).toEqual([]);
      await page.getByTestId("consent-toggle-analytics").check();
      await page.getByTestId("consent-save").click();
      await expect(page).toHaveURL(brandUrl(BRAND, "/pricing"));
      await expect(page.getByTestId("consent-banner")).toHaveCount(0);
      // The server wrote the allowed tag into the page (a browser with JavaScript runs it), and only that one.
      await expect(page.locator('script[data-consent-tag="analytics"]')).toHaveCount(1);
      await expect(page.locator('script[data-consent-tag="marketing_pixel"]')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
