import { brandUrl, expect, test } from "./helpers";

test("the adult-content warning is shown once, then remembered", async ({ page }) => {
  await page.goto(brandUrl("flirtpunt"));
  const modal = page.getByTestId("site-entry-modal");
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("18+");
  // The dismissal is stored by the server's answer; wait for it before reloading.
  await Promise.all([page.waitForResponse((r) => r.url().includes("/api/site-entry")), modal.getByRole("button").click()]);
  await expect(modal).toBeHidden();

  await page.reload();
  await expect(page.getByTestId("brand-name")).toBeVisible();
  await expect(modal).toHaveCount(0);
  await page.goto(brandUrl("flirtpunt", "/pages/faq"));
  await expect(modal).toHaveCount(0);
});

test("a brand that switched the warning off never shows it", async ({ page }) => {
  await page.goto(brandUrl("herchoice"));
  await expect(page.getByTestId("brand-name")).toHaveText("Her Choice");
  await expect(page.getByTestId("site-entry-modal")).toHaveCount(0);
});

test("the dismissal belongs to one brand", async ({ page }) => {
  await page.goto(brandUrl("flirtpunt"));
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/api/site-entry")),
    page.getByTestId("site-entry-modal").getByRole("button").click(),
  ]);
  await expect(page.getByTestId("site-entry-modal")).toBeHidden();
  await page.goto(brandUrl("cougarclub"));
  await expect(page.getByTestId("site-entry-modal")).toBeVisible();
});

test("without JavaScript the warning is accepted through a plain form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(brandUrl("cougarclub", "/pages/cookies"));
  await page.getByTestId("site-entry-modal").getByRole("button").click();
  await expect(page).toHaveURL(brandUrl("cougarclub", "/pages/cookies"));
  await expect(page.getByTestId("site-entry-modal")).toHaveCount(0);
  await context.close();
});
