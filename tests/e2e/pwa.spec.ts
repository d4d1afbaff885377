import type { Page } from "@playwright/test";
import { brandUrl, expect, test } from "./helpers";
import { openBrowser, signUp, tag } from "./member-setup";

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

/** The width and height a PNG says it has, and its type as served. */
async function pngSize(page: Page, src: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const bytes = new DataView(await response.arrayBuffer());
    return { type: response.headers.get("content-type"), width: bytes.getUint32(16), height: bytes.getUint32(20) };
  }, src);
}

test("each brand is installable as an app of its own: name, colours and icons", async ({ page, browser }) => {
  const manifests: Manifest[] = [];
  for (const brand of ["flirtpunt", "cougarclub"]) {
    const visitor = brand === "flirtpunt" ? { page, close: async () => undefined } : await openBrowser(browser, brand);
    try {
      await visitor.page.goto(brandUrl(brand, "/"));
      const href = await visitor.page.locator('link[rel="manifest"]').getAttribute("href");
      expect(href).toBe("/manifest.webmanifest");
      const manifest = await visitor.page.evaluate(async (url) => (await fetch(url)).json() as Promise<Manifest>, href!);
      expect(manifest).toMatchObject({ start_url: "/", display: "standalone" });
      for (const icon of manifest.icons) {
        const [width, height] = icon.sizes.split("x").map(Number);
        expect(await pngSize(visitor.page, icon.src), icon.src).toEqual({ type: "image/png", width, height });
      }
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
      // Chromium reads it without complaint.
      const cdp = await visitor.page.context().newCDPSession(visitor.page);
      const parsed = await cdp.send("Page.getAppManifest");
      expect(parsed.errors).toEqual([]);
      expect(await visitor.page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);
      manifests.push(manifest);
    } finally {
      await visitor.close();
    }
  }
  const [flirtpunt, cougarclub] = manifests;
  expect(flirtpunt!.name).toBe("Flirtpunt");
  expect(cougarclub!.name).not.toBe(flirtpunt!.name);
  expect(cougarclub!.theme_color).not.toBe(flirtpunt!.theme_color);
});

test("the back button shows only in the installed app, on the routes that have it, once there is a page to go back to", async ({ page, browser }) => {
  const member = await signUp(page, BRAND, `App ${tag()}`);
  const openProfileFromSearch = async (tab: Page) => {
    await tab.goto(brandUrl(BRAND, "/members"));
    await tab.getByTestId("member-card").first().getByRole("link").first().click();
    await expect(tab).toHaveURL(/\/members\/\d+$/);
  };
  // In a browser tab: the browser has its own back button.
  await openProfileFromSearch(page);
  await expect(page.getByTestId("profile-view")).toBeVisible();
  await expect(page.getByTestId("app-back")).toHaveCount(0);

  // The installed app (as iOS tells it: navigator.standalone; Chromium's display-mode cannot be
  // emulated here), logged in as the same member.
  const app = await openBrowser(browser, BRAND);
  try {
    await app.context.addCookies(await page.context().cookies());
    await app.context.addInitScript(() => Object.defineProperty(navigator, "standalone", { value: true }));
    // The page the visit starts on has nothing to go back to.
    await app.page.goto(brandUrl(BRAND, `/members/${member.id}`));
    await expect(app.page.getByTestId("profile-view")).toBeVisible();
    await expect(app.page.getByTestId("app-back")).toHaveCount(0);
    await openProfileFromSearch(app.page);
    await expect(app.page.getByTestId("app-back")).toBeVisible();
    await app.page.getByTestId("app-back").click();
    await expect(app.page).toHaveURL(brandUrl(BRAND, "/members"));
    // Not on the search page itself.
    await expect(app.page.getByTestId("app-back")).toHaveCount(0);
  } finally {
    await app.close();
  }
});

test("a slow page shows the loading bar until it is there", async ({ page }) => {
  await signUp(page, BRAND, `Traag ${tag()}`);
  await page.goto(brandUrl(BRAND, "/members"));
  await page.waitForLoadState("networkidle");
  await page.route("**/likes/received.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.getByTestId("nav-likes").click();
  await expect(page.getByRole("progressbar", { name: "Pagina wordt geladen" })).toBeVisible();
  await expect(page).toHaveURL(brandUrl(BRAND, "/likes/received"));
  await expect(page.getByTestId("navigation-progress")).toHaveCount(0);
});

const BRAND = "flirtpunt";
