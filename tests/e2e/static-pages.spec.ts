import { readdirSync, readFileSync } from "node:fs";
import { acceptSiteEntry, brandUrl, expect, test } from "./helpers";

const PAGES = ["/pages/terms", "/pages/privacy", "/pages/cookies", "/pages/ban", "/pages/faq", "/pages/return-policy", "/pages/service", "/complaints"];
const brands = readdirSync("tenants")
  .filter((name) => name.endsWith(".json") && !name.startsWith("_"))
  .map((name) => JSON.parse(readFileSync(`tenants/${name}`, "utf8")) as { id: string; name: string; domain_language: string; company_id?: string; company?: { name?: string } })
  // The legal name: the brand's own, else its company file's (docs/product/site.md#company-info).
  .map((brand) => ({ ...brand, companyName: brand.company?.name ?? (JSON.parse(readFileSync(`tenants/companies/${brand.company_id}.json`, "utf8")) as { name: string }).name }));

for (const brand of brands) {
  test(`${brand.name}: every footer page works in the brand's language with its company`, async ({ page, context }) => {
    await acceptSiteEntry(context, brand.id);
    const language = brand.domain_language.slice(0, 2);
    const titles = JSON.parse(readFileSync(`public/locales/${language}/pages.json`, "utf8")) as Record<string, { title: string }>;
    for (const path of PAGES) {
      const response = await page.goto(brandUrl(brand.id, path));
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("h1")).toHaveText(titles[path.split("/").pop()!]!.title.replace("{{siteName}}", brand.name));
      await expect(page.getByTestId("company-info")).toContainText(brand.companyName);
    }
  });
}

test("a page name that does not exist is a 404", async ({ page, context }) => {
  await acceptSiteEntry(context, "flirtpunt");
  expect((await page.goto(brandUrl("flirtpunt", "/pages/nonsense")))?.status()).toBe(404);
  expect((await page.goto(brandUrl("flirtpunt", "/pages/complaints")))?.status()).toBe(404);
});
