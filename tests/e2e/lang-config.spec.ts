import { brandUrl, expect, test } from "./helpers";

test.use({ javaScriptEnabled: false });

test("the language page from the footer offers the languages of the brand's countries and works without JavaScript", async ({ page }) => {
  // Without a country from the proxy, flirtpunt's own countries count: NL (nl) and BE (nl, fr, de), docs/product/site.md#languages.
  await page.goto(brandUrl("flirtpunt"));
  await page.getByRole("button", { name: "Ik ben 18+ en ga verder" }).click();
  await page.getByTestId("footer-language").click();
  await expect(page).toHaveURL(brandUrl("flirtpunt", "/lang-config"));
  await expect(page.getByTestId("lang-options").getByRole("button")).toHaveText(["Nederlands · in gebruik", "Français", "Deutsch"]);
  await page.getByTestId("lang-fr").click();
  await expect(page).toHaveURL(brandUrl("flirtpunt", "/lang-config"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Langue");
  await expect(page.getByTestId("lang-fr")).toHaveAttribute("aria-current", "true");
});
