import { expect, test } from "@playwright/test";
import { acceptSiteEntry, brandUrl } from "./helpers";

test("switching language is kept across a reload", async ({ page, context }) => {
  await acceptSiteEntry(context, "flirtpunt");
  await page.goto(brandUrl("flirtpunt", "/pages/faq"));
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
  await page.getByTestId("language-switcher").getByRole("combobox").selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.goto(brandUrl("kraglosci"));
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
});
