import type { APIRequestContext } from "@playwright/test";
import { E2E_METRICS_TOKEN } from "../playwright.config";
import { acceptSiteEntry, brandUrl, expect, PORT, test } from "./helpers";

/*
 * /metrics after a browser's journey (docs/operations.md#metrics): a member logs in through the
 * login form and sends a message; the scrape, with its token, shows the request and message
 * series moved. Other tests run at the same time, so the figures are compared as "at least".
 */
const BRAND = "flirtpunt";
const METRICS = `http://127.0.0.1:${PORT}/metrics`;

/** The sum of the samples of a series whose label text contains every given `name="value"`. */
async function scrape(request: APIRequestContext) {
  const reply = await request.get(METRICS, { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(reply.status()).toBe(200);
  const text = await reply.text();
  return (series: string, ...labels: string[]) =>
    text
      .split("\n")
      .filter((line) => line.startsWith(`${series}{`) || line.startsWith(`${series} `))
      .filter((line) => labels.every((label) => line.includes(label)))
      .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
}

test("after a member logs in and writes, /metrics shows the requests and the message", async ({ page, request }) => {
  const before = await scrape(request);
  await acceptSiteEntry(page.context(), BRAND);
  await page.goto(brandUrl(BRAND, "/login"));
  await page.locator('input[name="email"]').fill(`premium.${BRAND}@demo.invalid`);
  await page.locator('input[name="password"]').fill("demo-password-2026");
  await Promise.all([page.waitForURL(brandUrl(BRAND, "/")), page.getByTestId("login-submit").click()]);

  await page.goto(brandUrl(BRAND, "/members"));
  const card = page.locator('a[href^="/members/"]').first();
  const id = /\/members\/(\d+)/.exec((await card.getAttribute("href")) ?? "")?.[1];
  expect(id).toBeTruthy();
  // Its script runs once the live stream is open: then the composer sends.
  const stream = page.waitForResponse((response) => response.url().includes("/api/events"));
  await page.goto(brandUrl(BRAND, `/members/${id}/chat`));
  expect((await stream).status()).toBe(200);
  // A first conversation offers opening lines; one is taken, then written over.
  await page.getByTestId("icebreaker-line").first().click();
  await page.getByTestId("chat-input").fill("Hallo, hoe gaat het?");
  await Promise.all([page.waitForURL(/\/chats\/\d+$/), page.getByTestId("chat-send").click()]);

  const after = await scrape(request);
  expect(after("dating_messages_sent_total", `brand="${BRAND}"`)).toBeGreaterThan(before("dating_messages_sent_total", `brand="${BRAND}"`));
  expect(after("dating_http_requests_total", 'route="routes/_default.login"', 'method="POST"')).toBeGreaterThan(before("dating_http_requests_total", 'route="routes/_default.login"', 'method="POST"'));
  expect(after("dating_http_request_duration_seconds_count", 'route="routes/_default.members._index"', 'kind="document"')).toBeGreaterThan(0);
  expect(after("dating_db_up")).toBe(1);

  // Without the token, or with another: the site's 404, as for any unknown path.
  expect((await request.get(METRICS)).status()).toBe(404);
  expect((await request.get(METRICS, { headers: { authorization: "Bearer not-the-token-at-all" } })).status()).toBe(404);
});
