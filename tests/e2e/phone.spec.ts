import type { Locator, Page } from "@playwright/test";
import { acceptSiteEntry, brandUrl, expect, forgetSession, PASSWORD, test } from "./helpers";
import { signUp } from "./member-setup";

// A member's phone (docs/product/site.md#phone-layout): a 390×844 touch screen, as most members see the site.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const SCREEN = { width: 390, height: 844 };

/** Logs in through the form, as a person does, and lands where login leads. */
async function logInByForm(page: Page, tenantId: string, email: string, password: string) {
  await acceptSiteEntry(page.context(), tenantId);
  await page.goto(brandUrl(tenantId, "/login"));
  await page.waitForLoadState("networkidle");
  const form = page.getByTestId("login-form");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await Promise.all([page.waitForURL(brandUrl(tenantId, "/")), page.getByTestId("login-submit").tap()]);
}

/** Whether the element lies wholly on the first screen, without scrolling (to the pixel: boxes come in fractions). */
async function onFirstScreen(element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.y >= -1 && box.y + box.height <= SCREEN.height + 1 && box.x >= -1 && box.x + box.width <= SCREEN.width + 1;
}

test("a brand-new member with every prompt due lands on their start page, and the first search result is on the first screen", async ({ page }) => {
  const member = await signUp(page, "flirtpunt", "Noor");
  await forgetSession(page);
  await logInByForm(page, "flirtpunt", member.email, PASSWORD);

  // Their own start page: never the visitor's pitch, signup or login.
  await expect(page.getByTestId("member-start")).toBeVisible();
  await expect(page.getByTestId("start-greeting")).toHaveText("Hoi Noor");
  await expect(page.getByTestId("cta-signup")).toHaveCount(0);
  await expect(page.getByTestId("nav-login")).toHaveCount(0);
  await expect(page.getByText("Gratis aanmelden")).toHaveCount(0);

  // Unconfirmed, no photo, push, the time bonus: one prompt at a time, in priority order.
  const prompts = page.getByTestId("warning-banners").locator(":scope > *");
  await expect(prompts).toHaveCount(1);
  await expect(page.getByTestId("unconfirmed-reminder")).toBeVisible();

  // The tab bar, in the thumb's reach, its current place marked.
  const start = page.getByTestId("tab-start");
  await expect(start).toHaveAttribute("aria-current", "page");
  const tabBar = await page.getByTestId("tab-bar").boundingBox();
  expect(tabBar, "the tab bar").not.toBeNull();
  expect(tabBar!.y + tabBar!.height, `the tab bar (${JSON.stringify(tabBar)})`).toBeLessThanOrEqual(SCREEN.height + 1);
  expect(tabBar!.y).toBeGreaterThan(SCREEN.height - 100);
  for (const tab of ["tab-start", "tab-search", "tab-likes", "tab-messages"]) {
    const box = await page.getByTestId(tab).boundingBox();
    expect(box!.width, tab).toBeGreaterThanOrEqual(44);
    expect(box!.height, tab).toBeGreaterThanOrEqual(44);
  }

  await page.getByTestId("tab-search").tap();
  await expect(page).toHaveURL(brandUrl("flirtpunt", "/members"));
  await expect(page.getByTestId("tab-search")).toHaveAttribute("aria-current", "page");
  const firstCard = page.getByTestId("search-results").getByTestId("member-card").first();
  await expect(firstCard).toBeVisible();
  expect(await onFirstScreen(firstCard.locator("img, span").first())).toBe(true);

  // The filters wait behind one button and open as a sheet; the count of filters in use is on it.
  await expect(page.getByTestId("search-form")).toBeHidden();
  await page.getByTestId("filters-open").tap();
  await expect(page.getByTestId("search-form")).toBeVisible();
  await page.getByTestId("filters-close").tap();
  await expect(page.getByTestId("search-form")).toBeHidden();

  // "Later" keeps the prompt away on the next pages too; the next one due takes its place.
  await page.getByTestId("unconfirmed-reminder-dismiss").tap();
  await expect(page.getByTestId("unconfirmed-reminder")).toHaveCount(0);
  await page.getByTestId("tab-likes").tap();
  await expect(page).toHaveURL(/\/likes/);
  await expect(page.getByTestId("unconfirmed-reminder")).toHaveCount(0);
  await expect(page.getByTestId("warning-banners").locator(":scope > *")).toHaveCount(1);
});

test("a paying member likes from a profile's bottom bar, writes from a conversation that fits the screen, and goes back to the list", async ({ page }) => {
  await logInByForm(page, "flirtpunt", "premium.flirtpunt@demo.invalid", "demo-password-2026");
  await expect(page.getByTestId("member-start")).toBeVisible();
  await expect(page.getByTestId("top-credits")).toBeVisible();

  await page.getByTestId("tab-search").tap();
  // Through the filter sheet, members of 25 to 30: the demo members, not those other tests made
  // moments ago (aged 24, 34, 36 and older; not yet confirmed, so nobody can write to them yet).
  await page.getByTestId("filters-open").tap();
  await page.getByTestId("search-form").locator('input[name="min_age"]').fill("25");
  await page.getByTestId("search-form").locator('input[name="max_age"]').fill("30");
  await page.getByTestId("search-form").getByRole("button", { name: "Zoeken" }).tap();
  await expect(page).toHaveURL(/min_age=25.*max_age=30/);
  await expect(page.getByTestId("search-form")).toBeHidden();
  const card = page.getByTestId("search-results").getByTestId("member-card").filter({ has: page.getByTestId("action-like") }).first();
  const name = (await card.getByTestId("card-name").textContent())!;
  await card.getByRole("link").first().tap();
  await expect(page.getByTestId("profile-name")).toHaveText(name);

  // The profile opens with the photo; its actions sit in a bar at the bottom of the screen.
  const bar = page.getByTestId("profile-action-bar");
  expect(await onFirstScreen(bar)).toBe(true);
  const barBox = (await bar.boundingBox())!;
  const tabBox = (await page.getByTestId("tab-bar").boundingBox())!;
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(tabBox.y + 1);
  expect(barBox.y).toBeGreaterThan(SCREEN.height / 2);

  // The like shows at once, before the server has answered.
  let answer: () => void = () => undefined;
  await page.route("**/members/*", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await new Promise<void>((resolve) => (answer = resolve));
    await route.fallback();
  });
  await bar.getByTestId("action-like").tap();
  await expect(bar.getByTestId("action-unlike")).toBeVisible();
  answer();
  await page.unroute("**/members/*");
  await expect(bar.getByTestId("action-unlike")).toBeVisible();

  // Writing: the conversation fills the screen, the composer and its button on it without scrolling.
  await bar.getByTestId("action-message").tap();
  await page.waitForURL(/\/(members\/\d+\/chat|chats\/\d+)$/);
  // A first conversation offers openers; this member writes their own. (Another test may have
  // written to the same member already: then the conversation opens as it is.)
  if (/\/members\/\d+\/chat$/.test(page.url())) await page.getByTestId("icebreaker-close").tap();
  await expect(page.getByTestId("chat-input")).toBeVisible();
  await expect(page.getByTestId("tab-bar")).toHaveCount(0);
  expect(await onFirstScreen(page.getByTestId("chat-input"))).toBe(true);
  expect(await onFirstScreen(page.getByTestId("chat-send"))).toBe(true);
  await page.getByTestId("chat-input").fill(`Hoi ${name}, leuk profiel!`);
  await page.getByTestId("chat-send").tap();
  await expect(page.getByTestId("chat-text").last()).toHaveText(`Hoi ${name}, leuk profiel!`);
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  expect(await onFirstScreen(page.getByTestId("chat-send"))).toBe(true);

  // Back goes to the list, one pane at a time, with the tab bar again.
  await page.getByTestId("chat-list-back").tap();
  await expect(page).toHaveURL(brandUrl("flirtpunt", "/chats"));
  await expect(page.getByRole("complementary").getByText(name).first()).toBeVisible();
  await expect(page.getByTestId("chat-input")).toHaveCount(0);
  await expect(page.getByTestId("tab-messages")).toHaveAttribute("aria-current", "page");

  await page.getByTestId("tab-likes").tap();
  await expect(page).toHaveURL(/\/likes/);

  // The member's own menu: profile, credits, likes given, settings, the language and logging out.
  await page.getByTestId("tab-me").locator("summary").tap();
  const menu = page.getByTestId("member-menu");
  await expect(menu.getByRole("link")).toHaveText(["Mijn profiel", "Credits kopen", "Mijn likes", "Instellingen"]);
  await expect(menu.getByTestId("menu-language").getByRole("combobox")).toBeVisible();
  await menu.getByRole("link", { name: "Mijn likes" }).tap();
  await expect(page).toHaveURL(brandUrl("flirtpunt", "/likes/given"));
  await expect(menu).toBeHidden();
  await expect(page.getByTestId("tab-likes")).toHaveAttribute("aria-current", "page");
});
