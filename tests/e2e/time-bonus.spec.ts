import type { Frame, Page } from "@playwright/test";
import { brandUrl, expect, giveOwnAddress, laterUntilPrompt, test } from "./helpers";
import { logIn, send, signUp, signUpConfirmed, tag } from "./member-setup";

const BRAND = "flirtpunt";
const PREMIUM = { email: `premium.${BRAND}@demo.invalid`, password: "demo-password-2026" };
const SECOND = 1_000;

/**
 * Goes to a page and waits until its script runs: it opens the live stream then, and the popup's
 * clock starts in the same moment. Only a stream asked for once this page has replaced the one
 * before counts (that one may still be opening or closing its own).
 */
async function open(page: Page, path: string) {
  const url = brandUrl(BRAND, path);
  let committed = false;
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame() && frame.url() === url) committed = true;
  };
  page.on("framenavigated", onNavigated);
  try {
    const stream = page.waitForResponse((response) => committed && response.url().includes("/api/events"));
    await page.goto(url);
    expect((await stream).status()).toBe(200);
  } finally {
    page.off("framenavigated", onNavigated);
  }
}

/** Follows a link inside the page (a client-side navigation, as a member clicking around). */
async function follow(page: Page, link: ReturnType<Page["getByTestId"]>, path: string) {
  await link.click();
  await expect(page).toHaveURL(brandUrl(BRAND, path));
}

const faqLink = (page: Page) => page.getByTestId("site-footer").locator('a[href="/pages/faq"]');

/**
 * page.clock.install() fakes the page's clock but lets it run on with real time until it is
 * paused, so every slow step (a page load, a navigation on a loaded machine) would count towards
 * the popup's 40 s. The tests therefore time the popup from the moment the page started a visit's
 * 40 s, which it notes on the document, and keep the clock paused while they look.
 */
const VISIT_START = "data-members-area-since";

/** When the current visit of the members area began, by the page's clock (waits for the page to start it). */
async function visitStart(page: Page): Promise<number> {
  const html = page.locator("html");
  await expect(html).toHaveAttribute(VISIT_START, /^\d+$/);
  return Number(await html.getAttribute(VISIT_START));
}

/** With the clock paused: the page starts a new visit's 40 s at this very moment. */
async function expectVisitStartsNow(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await expect(page.locator("html")).toHaveAttribute(VISIT_START, String(now));
}

function seconds(text: string): number {
  const [hours, minutes, secs] = text.split(":").map(Number);
  return (hours! * 60 + minutes!) * 60 + secs!;
}

/**
 * Spends a new member's 20 signup credits the way a member does: five messages to a profile
 * from the search (three free ones, then two of 10 credits each). Members other tests just made
 * may not have confirmed their address yet and cannot be written to; most of them have no gender
 * either, so the search for men brings up the demo profiles, which can be written to.
 */
async function spendAllCredits(page: Page) {
  const list = await send(page, BRAND, "/members?search=1&gender=male", { method: "GET" });
  const profiles = [...list.html.matchAll(/data-testid="member-card" data-member-id="(\d+)"/g)].map((match) => match[1]).reverse();
  let conversation: string | undefined;
  for (const profile of profiles) {
    const first = await send(page, BRAND, `/members/${profile}/chat`, { fields: { intent: "text", body: "Hoi, hoe is het?" } });
    conversation = /\/chats\/(\d+)$/.exec(first.url)?.[1];
    if (conversation) break;
    expect(first.html, "refused only for an unconfirmed address").toContain('data-reason="recipientUnconfirmed"');
  }
  expect(conversation, "a profile on /members that can be written to").toBeTruthy();
  for (const body of ["Leuk profiel!", "Wat doe je graag?", "Zin in een drankje?", "Ik hoor graag van je."]) {
    expect((await send(page, BRAND, `/chats/${conversation}`, { fields: { intent: "text", body } })).status).toBe(200);
  }
  await page.goto(brandUrl(BRAND, `/chats/${conversation}`));
  await expect(page.getByTestId("chat-text")).toHaveCount(5);
  await expect(page.getByTestId("chat-credits")).toHaveAttribute("data-credits", "0");
}

test("a new member sees the time bonus counting down, zero padded, every second", async ({ page }) => {
  await page.clock.install();
  await signUp(page, BRAND, `Tijd ${tag()}`);
  await open(page, "/members");
  await laterUntilPrompt(page, "time-bonus-banner");

  const banner = page.getByTestId("time-bonus-banner");
  await expect(banner).toContainText("Tijdbonus: 25% korting");
  await expect(banner).toContainText("code TIMEBONUS25");
  await expect(banner.getByTestId("time-bonus-banner-link")).toHaveAttribute("href", "/credits?code=TIMEBONUS25");
  // Signed up moments ago: a little under 4 hours left.
  const countdown = banner.getByTestId("time-bonus-countdown");
  await expect(countdown).toHaveText(/^03:59:\d\d$/);

  // From here the page's clock moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2 * SECOND);
  const start = seconds((await countdown.textContent()) ?? "");
  await page.clock.runFor(SECOND);
  await expect(countdown).toHaveText(new Date((start - 1) * 1000).toISOString().slice(11, 19));
  await page.clock.runFor(61 * SECOND);
  const later = (await countdown.textContent()) ?? "";
  expect(later).toMatch(/^03:5\d:\d\d$/);
  expect(seconds(later)).toBe(start - 62);
  // A member who has credits gets no popup, however long they stay.
  await page.clock.runFor(120 * SECOND);
  await expect(page.getByTestId("time-bonus-modal")).toHaveCount(0);
});

test("with no credits left the popup opens after 40 s in the members area; leaving cancels it; dismissed, it stays away", async ({ page }) => {
  test.setTimeout(60_000);
  await page.clock.install();
  await signUpConfirmed(page, BRAND, `Bonus ${tag()}`);
  await spendAllCredits(page);
  const modal = page.getByTestId("time-bonus-modal");
  // The banner is the prompt this test looks at in the end: the one before it is put away first.
  await page.goto(brandUrl(BRAND, "/likes"));
  await laterUntilPrompt(page, "time-bonus-banner");

  // 30 s on the members page, then to the FAQ: the clock stops there.
  await open(page, "/members");
  await page.clock.pauseAt((await visitStart(page)) + 30 * SECOND);
  await expect(modal).toHaveCount(0);
  await follow(page, faqLink(page), "/pages/faq");
  await expect(page.locator("html")).not.toHaveAttribute(VISIT_START);
  await page.clock.runFor(30 * SECOND);
  await expect(modal).toHaveCount(0);

  // Back in the area the 40 s start again.
  await follow(page, page.getByTestId("nav-search"), "/members");
  await expectVisitStartsNow(page);
  await page.clock.runFor(39 * SECOND);
  await expect(modal).toHaveCount(0);
  await page.clock.runFor(SECOND);
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("Jouw tijdbonus: 25% korting!");
  await expect(modal).toContainText("met de code TIMEBONUS25 25% korting");
  await expect(modal.getByTestId("time-bonus-modal-countdown")).toHaveText(/^03:5\d:\d\d$/);

  // Dismissed: gone, also after 40 s more in the area, after a detour and after a reload.
  await Promise.all([
    page.waitForResponse((response) => response.url().includes("/api/alerts/dismiss") && response.request().method() === "POST"),
    modal.getByTestId("time-bonus-dismiss").click(),
  ]);
  await expect(modal).toHaveCount(0);
  await page.clock.runFor(45 * SECOND);
  await expect(modal).toHaveCount(0);
  await follow(page, faqLink(page), "/pages/faq");
  await expect(page.locator("html")).not.toHaveAttribute(VISIT_START);
  await follow(page, page.getByTestId("nav-search"), "/members");
  await expectVisitStartsNow(page);
  await page.clock.runFor(45 * SECOND);
  await expect(modal).toHaveCount(0);
  // A page loading anew needs its timers running (its scripts start on one).
  await page.clock.resume();
  await open(page, "/members");
  await page.clock.pauseAt((await visitStart(page)) + 45 * SECOND);
  await expect(modal).toHaveCount(0);
  // The countdown itself goes on: only the popup was put away.
  await expect(page.getByTestId("time-bonus-banner")).toBeVisible();
});

test("the popup's clock runs on from the members list into the chats, and its offer leads to the credits page with the code", async ({ page }) => {
  test.setTimeout(60_000);
  await page.clock.install();
  await signUpConfirmed(page, BRAND, `Chat ${tag()}`);
  await spendAllCredits(page);
  const modal = page.getByTestId("time-bonus-modal");

  await open(page, "/members");
  const since = await visitStart(page);
  await page.clock.pauseAt(since + 25 * SECOND);
  // The chats have a layout of their own; the 40 s still count from the members list.
  await follow(page, page.getByTestId("nav-messages"), "/chats");
  expect(await visitStart(page)).toBe(since);
  await page.clock.runFor(14 * SECOND);
  await expect(modal).toHaveCount(0);
  await page.clock.runFor(SECOND);
  await expect(modal).toBeVisible();

  await modal.getByTestId("time-bonus-take").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/credits?code=TIMEBONUS25"));
  // Taking the offer counts as having seen it.
  await page.clock.resume();
  await open(page, "/members");
  await page.clock.pauseAt((await visitStart(page)) + 45 * SECOND);
  await expect(modal).toHaveCount(0);
});

test("top navigation: Get Premium for a member who has not paid, the balance for a paying one", async ({ page, browser }) => {
  await signUp(page, BRAND, `Nav ${tag()}`);
  await page.goto(brandUrl(BRAND, "/members"));
  const premium = page.getByTestId("nav-premium");
  await expect(premium).toHaveText("Word premium");
  await expect(premium).toHaveAttribute("href", "/premium");
  await expect(page.getByTestId("nav-credits")).toHaveCount(0);

  const context = await browser.newContext();
  await giveOwnAddress(context);
  try {
    const paid = await context.newPage();
    await logIn(paid, BRAND, PREMIUM.email, PREMIUM.password);
    await paid.goto(brandUrl(BRAND, "/members"));
    const credits = paid.getByTestId("nav-credits");
    await expect(credits).toHaveAttribute("href", "/credits");
    // 500 at the start; other tests' chats may have spent some of it, never down to 10.
    const balance = Number(await credits.getAttribute("data-credits"));
    expect(balance).toBeGreaterThan(10);
    expect(balance).toBeLessThanOrEqual(500);
    await expect(paid.getByTestId("credits-balance")).toHaveText(new Intl.NumberFormat("nl").format(balance));
    await expect(credits).toHaveAccessibleName(`Credits ${new Intl.NumberFormat("nl").format(balance)}`);
    await expect(paid.getByTestId("credits-badge")).toHaveCount(0);
    await expect(paid.getByTestId("nav-premium")).toHaveCount(0);
    // A paying member has no time bonus and no welcome discount.
    await expect(paid.getByTestId("time-bonus-banner")).toHaveCount(0);
    await expect(paid.getByTestId("welcome-banner")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
