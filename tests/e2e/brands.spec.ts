import type { Page } from "@playwright/test";
import { acceptSiteEntry, brandUrl, expect, test } from "./helpers";

async function primaryColour(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim());
}

test("each brand is served by its own host with its own name, colours and language", async ({ page, context }) => {
  await acceptSiteEntry(context, "flirtpunt");
  await acceptSiteEntry(context, "fesselnd");

  await page.goto(brandUrl("flirtpunt"));
  await expect(page.getByTestId("brand-name")).toHaveText("Flirtpunt");
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByTestId("cta-signup")).toHaveText("Gratis aanmelden");
  // flirtpunt's #f5006f in the nearest shade that reads at 4.5:1 on the page and its light tints (#cc005d, docs/product/site.md#theme).
  expect(await primaryColour(page)).toBe("204 0 93");
  await expect(page.getByTestId("member-teasers").locator("li")).not.toHaveCount(0);

  await page.goto(brandUrl("fesselnd"));
  await expect(page.getByTestId("brand-name")).toHaveText("Fesselnd");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByTestId("nav-login")).toHaveText("Einloggen");
  // fesselnd's #b3001b reads as it is.
  expect(await primaryColour(page)).toBe("179 0 27");
});

test("an unknown host gets a 404 of its own and no brand", async ({ page }) => {
  const response = await page.goto(brandUrl("nosuchbrand"));
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-page")).toContainText("404");
  await expect(page.getByTestId("brand-name")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText("Flirtpunt");
});

test("an unknown path is a 404 inside the brand with a link home", async ({ page, context }) => {
  await acceptSiteEntry(context, "herchoice");
  const response = await page.goto(brandUrl("herchoice", "/no/such/page"));
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-page")).toContainText("This page could not be found");
  await page.getByTestId("error-page").getByRole("link").click();
  await expect(page).toHaveURL(brandUrl("herchoice", "/"));
});

test("a static page shows the brand's company data", async ({ page, context }) => {
  await acceptSiteEntry(context, "fesselnd");
  await page.goto(brandUrl("fesselnd", "/pages/terms"));
  const company = page.getByTestId("company-info");
  await expect(company).toContainText("Nachtfalter Medien GmbH");
  await expect(company).toContainText("HRB 214567 B");
  await expect(company).toContainText("Torstraße 118");
  await expect(company.getByRole("link", { name: "+493055571234" })).toHaveAttribute("href", "tel:+493055571234");
  await expect(page.getByTestId("page-terms")).toContainText("Fesselnd");

  await page.goto(brandUrl("fesselnd", "/pages/return-policy"));
  await expect(page.getByTestId("page-return-policy")).toContainText("14");
});
