import { request as httpRequest } from "node:http";
import type { Page } from "@playwright/test";
import { startPostbackReceiver } from "../fixtures/postback-receiver";
import { brandUrl, expect, fillSignup, mailLinkFor, passSignupMatches, PORT, test, uniqueEmail, followLoginLink } from "./helpers";
import { tag } from "./member-setup";

const KINDS = ["tinderswipe", "alonetonight", "collagelanding", "gallery", "iconslanding", "maplanding", "socialnetwork", "transitionsvideolanding", "video"];

/** A page as a plain HTTP client gets it: status, headers and HTML. */
function fetchPage(brand: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; html: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: PORT, path, headers: { host: `${brand}.localhost:${PORT}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, html: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("every lander answers on two brands in their languages: the lander layout, the brand, a way into signup, no script, cacheable", async () => {
  for (const [brand, name, language] of [
    ["flirtpunt", "Flirtpunt", "nl"],
    ["fesselnd", "Fesselnd", "de"],
  ] as const) {
    for (const kind of KINDS) {
      const page = await fetchPage(brand, `/landers/${kind}`);
      expect(page.status, `${brand} ${kind}`).toBe(200);
      expect(page.html).toContain(`data-testid="lander-${kind}"`);
      expect(page.html).toContain(`<html lang="${language}"`);
      expect(page.html).toMatch(new RegExp(`data-testid="brand-name">${name}<`));
      expect(page.html).toMatch(/href="\/(signup|members\/\d+\/signup)"/);
      expect(page.html, "a lander loads no JavaScript").not.toContain("<script");
      expect(page.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
      expect(page.headers.vary).toContain("Cookie");
    }
  }
  // A niche slug with its locale speaks that language; a slug we do not know is the brand's own lander.
  expect((await fetchPage("flirtpunt", "/landers/video/bdsm-en")).html).toContain('<html lang="en"');
  // A campaign slug of the brand's tenant file has its own headline.
  expect((await fetchPage("flirtpunt", "/landers/collagelanding/winter")).html).toContain('data-testid="lander-headline">Deze winter niet alleen<');
  const unknown = await fetchPage("flirtpunt", "/landers/gallery/no-such-campaign");
  expect(unknown.status).toBe(200);
  expect(unknown.html).toContain('<html lang="nl"');
  // A lander we do not have, and a dead member landing page, lead to the brand's lander with the query.
  expect((await fetchPage("flirtpunt", "/landers/nonsense?x=1")).headers.location).toBe("/landers/tinderswipe?x=1");
  expect((await fetchPage("fesselnd", "/members/987654321/landing2/bdsm-de")).headers.location).toBe("/landers/tinderswipe");
});

/** The warning every NL and DE visitor of a lander meets first; without JavaScript its button posts a form. */
async function passEntryWarning(page: Page) {
  await page.getByTestId("site-entry-modal").getByRole("button").click();
  await expect(page.getByTestId("site-entry-modal")).toHaveCount(0);
}

/** A bundle through the local checkout, paid; what it cost in cents (a new member's discount included). */
async function buyStarter(page: Page, brand: string): Promise<number> {
  await page.goto(brandUrl(brand, "/credits"));
  await page.getByTestId("buy-starter").click();
  await page.getByTestId("method-creditcard").click();
  const total = Number(await page.getByTestId("payment-confirm").getByTestId("confirm-total").getAttribute("data-cents"));
  await page.getByTestId("payment-confirm").getByTestId("confirm-pay").click();
  await page.getByTestId("checkout-paid").click();
  await page.waitForURL(/\/transactions\/\d+$/);
  await expect(page.getByTestId("transaction")).toHaveAttribute("data-state", "completed");
  return total;
}

test.describe("from an ad to a paying member", () => {
  // One receiver on a fixed port (tests/e2e/start-server.mjs names it in the brands' postbacks): these tests share a worker.
  test.describe.configure({ mode: "default" });
  let receiver: Awaited<ReturnType<typeof startPostbackReceiver>>;
  test.beforeAll(async () => {
    receiver = await startPostbackReceiver(PORT + 11);
  });
  test.afterAll(async () => {
    await receiver.close();
  });

  for (const brand of [
    { id: "flirtpunt", lander: "gallery" },
    { id: "fesselnd", lander: "tinderswipe" },
  ]) {
    test(`on ${brand.id}: lander with a traffic source, signup, confirmation, purchase; the network hears each event once`, async ({ page }) => {
      // The postback job runs every 30 seconds (app/jobs/jobs.server.ts): the last events may wait that long.
      test.slow();
      const click = `CLK-${tag()}`;
      await page.goto(brandUrl(brand.id, `/landers/${brand.lander}?network=e2e-net&ref=spring&sub1=banner_1&click_id=${click}`));
      await expect(page, "the tracking keys leave the address").toHaveURL(brandUrl(brand.id, `/landers/${brand.lander}`));
      await passEntryWarning(page);
      if (brand.lander === "tinderswipe") {
        // Swiping through the deck without JavaScript; under the last card waits the signup.
        for (const card of await page.getByTestId("swipe-card").all()) await card.locator(".swipe-like-label").click();
      }
      await page.getByTestId("lander-cta").click();
      await expect(page).toHaveURL(brandUrl(brand.id, "/signup"));
      await page.waitForLoadState("networkidle");
      const email = uniqueEmail("ad");
      await fillSignup(page, { email, name: `Ad ${tag()}` });
      if (brand.id === "flirtpunt") await passSignupMatches(page);
      // fesselnd does not say whether an address has an account: the mail link logs the new member in.
      else await expect(page).toHaveURL(brandUrl(brand.id, "/signup/sent"));
      await followLoginLink(page, await mailLinkFor(page, brand.id, email, "/activate/"));
      await expect(page).toHaveURL(/\/activate\/done$/);
      const paidCents = await buyStarter(page, brand.id);

      await expect
        .poll(() => receiver.callsFor(click).map((call) => call.query.get("event")).sort(), { timeout: 75_000, intervals: [1000] })
        .toEqual(["confirmed", "first_purchase", "purchase", "signup"]);
      for (const call of receiver.callsFor(click)) {
        expect(call.brand).toBe(brand.id);
        expect(Object.fromEntries(call.query)).toMatchObject({ network: "e2e-net", ref: "spring", sub1: "banner_1" });
        const paid = call.query.get("event")!.includes("purchase");
        expect(call.query.get("amount")).toBe(paid ? (paidCents / 100).toFixed(2) : "");
        expect(call.query.get("currency")).toBe(paid ? "EUR" : "");
      }
    });
  }
});

test("a visitor from an ad for one profile signs up on its landing page and lands in the conversation with it", async ({ page }) => {
  await page.goto(brandUrl("flirtpunt", "/landers/gallery"));
  await passEntryWarning(page);
  const face = page.getByTestId("gallery").getByRole("link").first();
  const id = /\/members\/(\d+)\/signup/.exec((await face.getAttribute("href")) ?? "")?.[1];
  expect(id).toBeDefined();
  // The ad for that profile links to its landing page.
  await page.goto(brandUrl("flirtpunt", `/members/${id}/landing`));
  const name = (await page.getByTestId("landing-name").textContent())!.split(",")[0]!;
  await expect(page.getByTestId("landing-signup")).toContainText(name);
  const email = uniqueEmail("landing");
  await fillSignup(page, { email, name: `Lander ${tag()}` });
  await expect(page).toHaveURL(/\/signup-matches$/);
  await page.waitForLoadState("networkidle");
  // One tap likes a member who suits the new one.
  await page.getByTestId("signup-matches").getByTestId("action-like").first().click();
  await expect(page.getByTestId("signup-matches").getByTestId("action-unlike")).toHaveCount(1);
  await page.getByTestId("signup-matches-continue").click();
  await expect(page).toHaveURL(/\/complete-signup\/photo$/);

  await followLoginLink(page, await mailLinkFor(page, "flirtpunt", email, "/activate/"));
  await expect(page).toHaveURL(brandUrl("flirtpunt", `/members/${id}/chat`));
  await expect(page.getByTestId("icebreaker")).toBeVisible();
  await expect(page.getByTestId("icebreaker")).toContainText(name);
});
