import { acceptSiteEntry, brandUrl, expect, test } from "./helpers";

test("switching language is kept across a reload", async ({ page, context }) => {
  await acceptSiteEntry(context, "flirtpunt");
  await page.goto(brandUrl("flirtpunt", "/pages/faq"));
  await page.waitForLoadState("networkidle"); // the switcher submits on change once hydrated
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");

  // Flirtpunt serves the Netherlands and Belgium: Dutch, French and German are offered.
  const select = page.getByTestId("language-switcher").getByRole("combobox");
  await expect(select.locator("option")).toHaveText(["Nederlands", "Français", "Deutsch"]);
  await select.selectOption("fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveURL(brandUrl("flirtpunt", "/pages/faq"));
  await expect(page.getByTestId("nav-login")).toHaveText("Se connecter");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByTestId("nav-login")).toHaveText("Se connecter");
});

test("the language choice of one brand does not change another", async ({ page, context }) => {
  await acceptSiteEntry(context, "flirtpunt");
  await acceptSiteEntry(context, "kraglosci");
  await page.goto(brandUrl("flirtpunt"));
  await page.waitForLoadState("networkidle");
  await page.getByTestId("language-switcher").getByRole("combobox").selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.goto(brandUrl("kraglosci"));
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
});

test("without JavaScript the switcher still works through its button", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await acceptSiteEntry(context, "flirtpunt");
  const page = await context.newPage();
  await page.goto(brandUrl("flirtpunt", "/pages/cookies"));
  const switcher = page.getByTestId("language-switcher");
  await switcher.getByRole("combobox").selectOption("de");
  await switcher.getByRole("button").click();
  await expect(page).toHaveURL(brandUrl("flirtpunt", "/pages/cookies"));
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await context.close();
});
