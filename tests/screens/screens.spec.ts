import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { acceptSiteEntry, brandUrl, expect, test, watchPageErrors } from "../e2e/helpers";
import { openBrowser, pageToFictionalCards } from "../e2e/member-setup";
import { staffLogin } from "../e2e/staff-login";

/**
 * Pictures of the main screens for docs/product (`npm run screens`): what a visitor, a member and an
 * operator see, at phone and desktop size, as `<who>-<screen>-<size>.png`. They go to SCREENS_DIR
 * when it is set, otherwise into the run's own output folder: in `npm test` the run proves that
 * every screen renders, without touching the pictures in the tree.
 */

const BRAND = "flirtpunt";
const PASSWORD = "demo-password-2026";
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

interface Screen {
  /** The file's name without the size, e.g. "member-search". */
  name: string;
  path: string;
  /** What must be on the page before it is a picture of this screen. */
  ready: (page: Page) => Locator;
}

function folder(testInfo: TestInfo): string {
  return process.env.SCREENS_DIR ? path.resolve(process.env.SCREENS_DIR) : testInfo.outputPath();
}

/** Waits until the page has drawn what is in view: fonts, and every picture, none broken. */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const inView = () =>
    [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
    });
  await page.waitForFunction(`(${inView})().every((img) => img.complete)`);
  const broken = await page.evaluate<string[]>(`(${inView})().filter((img) => img.naturalWidth === 0).map((img) => img.src)`);
  expect(broken, `broken images on ${page.url()}`).toEqual([]);
}

/**
 * Opens the screen at each size and takes its picture: the page from the top, up to two screens
 * high (enough to show what a long page is about, not every card of a search). A long page is shown
 * in a window that tall, so that what stays at the bottom of the screen (the phone's tab bar) is
 * at the bottom of the picture, not across its middle.
 */
async function shoot(page: Page, testInfo: TestInfo, screen: Screen) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    const response = await page.goto(brandUrl(BRAND, screen.path));
    expect(response?.status(), screen.path).toBe(200);
    await expect(screen.ready(page)).toBeVisible();
    await expect(page.getByTestId("error-page")).toHaveCount(0);
    const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), viewport.height * 2);
    if (height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
    await settle(page);
    await page.screenshot({ path: path.join(folder(testInfo), `${screen.name}-${size}.png`), animations: "disabled", caret: "hide" });
  }
}

/**
 * "Later" on the account prompts of a member without a photo (one at a time, each kept for a while:
 * docs/product/notifications.md#alerts), as a person clicks them away once.
 */
async function snoozePrompts(page: Page) {
  const later = page.locator('[data-testid="no-photo-alert-dismiss"], [data-testid="push-alert-dismiss"]');
  for (let prompts = 0; ; prompts++) {
    await page.goto(brandUrl(BRAND, "/members"));
    if (!(await later.isVisible())) return;
    expect(prompts, "account prompts clicked away").toBeLessThan(3);
    await Promise.all([page.waitForResponse((response) => response.url().includes("/api/alerts/dismiss")), later.click()]);
  }
}

/** Logs a demo member of the brand in through the login form, as a person does. */
async function logIn(page: Page, kind: "free" | "premium") {
  await acceptSiteEntry(page.context(), BRAND);
  await page.goto(brandUrl(BRAND, "/login"));
  const form = page.getByTestId("login-form");
  await form.locator('input[name="email"]').fill(`${kind}.${BRAND}@demo.invalid`);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/"));
}

test("a visitor's screens", async ({ page }, testInfo) => {
  await acceptSiteEntry(page.context(), BRAND);
  await shoot(page, testInfo, { name: "visitor-home", path: "/", ready: (p) => p.getByTestId("home-title") });
  const tenant = JSON.parse(readFileSync(`tenants/${BRAND}.json`, "utf8")) as { settings: { logged_out_search?: string } };
  if (tenant.settings.logged_out_search !== "none") await shoot(page, testInfo, { name: "visitor-search", path: "/members", ready: (p) => p.getByTestId("search-results") });
});

test("a member's screens", async ({ page, browser }, testInfo) => {
  await logIn(page, "premium");
  await snoozePrompts(page);

  await shoot(page, testInfo, { name: "member-search", path: "/members", ready: (p) => p.getByTestId("search-results") });
  const firstCard = Number(await page.getByTestId("search-results").getByTestId("member-card").first().getAttribute("data-member-id"));
  await shoot(page, testInfo, { name: "member-profile", path: `/members/${firstCard}`, ready: (p) => p.getByTestId("profile-view") });

  // A like to show: the brand's other demo member likes this one on their profile.
  await page.goto(brandUrl(BRAND, "/profile"));
  const ownProfile = (await page.getByTestId("view-own-profile").getAttribute("href"))!;
  const liker = await openBrowser(browser, BRAND);
  await logIn(liker.page, "free");
  await liker.page.goto(brandUrl(BRAND, ownProfile));
  await liker.page.getByTestId("action-like").click();
  await expect(liker.page.getByTestId("action-unlike")).toBeVisible();
  await liker.close();
  await shoot(page, testInfo, { name: "member-likes", path: "/likes", ready: (p) => p.getByTestId("likes-list") });

  // A conversation of their own with a fictional profile, begun on its profile as a member begins
  // one: the operators then have it in their inbox.
  await page.goto(brandUrl(BRAND, "/members?search=1"));
  const fictional = await pageToFictionalCards(page, BRAND);
  const profileId = Number(await fictional.first().getAttribute("data-member-id"));
  await fictional.first().getByRole("link").first().click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/members/${profileId}`));
  await page.getByTestId("action-message").click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/members/${profileId}/chat`));
  await page.getByTestId("icebreaker-close").click();
  await page.getByTestId("chat-input").fill("Hoi! Zin in een praatje?");
  await Promise.all([page.waitForURL(/\/chats\/\d+$/), page.getByTestId("chat-send").click()]);
  const conversation = new URL(page.url()).pathname;
  await shoot(page, testInfo, { name: "member-chats", path: "/chats", ready: (p) => p.getByTestId("chat-list") });
  await shoot(page, testInfo, { name: "member-conversation", path: conversation, ready: (p) => p.getByTestId("chat-message").first() });
  await shoot(page, testInfo, { name: "member-credits", path: "/credits", ready: (p) => p.getByTestId("bundles") });
  // Last, when there is a like and a conversation for the start page to show.
  await shoot(page, testInfo, { name: "member-start", path: "/", ready: (p) => p.getByTestId("member-start") });
});

test("an operator's screens", async ({ browser }, testInfo) => {
  const operator = await staffLogin(browser, BRAND, "operator@demo.invalid");
  const errors = watchPageErrors(operator);
  await shoot(operator, testInfo, { name: "staff-inbox", path: "/staff/inbox", ready: (p) => p.getByTestId("inbox-item").first() });
  expect(errors, "uncaught errors in the page").toEqual([]);
  await operator.context().close();
});
