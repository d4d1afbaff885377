import type { Locator } from "@playwright/test";
import { acceptSiteEntry, brandUrl, expect, test } from "./helpers";
import { pageToFictionalCards } from "./member-setup";

// The product's own pictograms are inline SVG (docs/decisions/041-inline-svg-icons.md): this
// machine's Chromium, like many a Linux desktop, has no emoji font and draws an emoji as an empty box.
const BRAND = "flirtpunt";
const EMOJI = /\p{Extended_Pictographic}/u;

/** An icon drawn as SVG, with a size on the page, decorative, and no emoji among the element's characters. */
async function expectSvgIcon(element: Locator) {
  const svg = element.locator("svg");
  await expect(svg).toHaveCount(1);
  await expect(svg).toBeVisible();
  await expect(svg).toHaveAttribute("aria-hidden", "true");
  await expect(svg).toHaveAttribute("focusable", "false");
  const box = await svg.boundingBox();
  expect(box?.width, "the icon's width on the page").toBeGreaterThanOrEqual(12);
  expect((await element.textContent()) ?? "").not.toMatch(EMOJI);
}

test("a profile's interests and the fictional mark are drawn as SVG, not emoji", async ({ page, context }, testInfo) => {
  await acceptSiteEntry(context, BRAND);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(brandUrl(BRAND, "/login"));
  await page.locator('input[name="email"]').fill(`premium.${BRAND}@demo.invalid`);
  await page.locator('input[name="password"]').fill("demo-password-2026");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/"));

  // The demo login's own search may hold no fictional profile: the search without filters.
  await page.goto(brandUrl(BRAND, "/members?search=1"));
  const fictional = await pageToFictionalCards(page, BRAND);
  const card = fictional.first();
  await expectSvgIcon(card.getByTestId("fictional-mark"));
  // The mark keeps its name for screen readers: the brand's label, in text.
  await expect(card.getByTestId("fictional-mark")).toHaveText("Fictief profiel");

  const id = await card.getAttribute("data-member-id");
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/members/${id}`));
  await expectSvgIcon(page.getByRole("heading", { level: 1 }).getByTestId("fictional-mark"));
  await expectSvgIcon(page.getByTestId("fictional-warning"));
  const chips = page.getByTestId("profile-interests").locator("li");
  // Every demo profile has three to eight interests.
  expect(await chips.count()).toBeGreaterThanOrEqual(3);
  for (const chip of await chips.all()) {
    await expectSvgIcon(chip);
    await expect(chip).not.toHaveText("");
  }

  // What a person sees, at a phone's size and a laptop's: kept with the test's output to look at.
  await page.screenshot({ path: testInfo.outputPath("profile-1280x800.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("profile-interests").scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("profile-390x844.png") });
  await page.screenshot({ path: testInfo.outputPath("profile-390x844-full.png"), fullPage: true });
});
