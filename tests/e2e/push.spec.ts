import type { Page } from "@playwright/test";
import { brandUrl, expect, test } from "./helpers";
import { signUp, tag } from "./member-setup";

const BRAND = "flirtpunt";

/** Registers the site's push worker from the page, as the opt-in does, and waits until it runs. */
async function registerWorker(page: Page) {
  const registered = page.context().waitForEvent("serviceworker");
  await page.evaluate(() => navigator.serviceWorker.register("/sw-push.js?v=2").then(() => undefined));
  const worker = await registered;
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return worker;
}

test("a member is offered push where the browser can, and told how to allow it where it is blocked", async ({ page }) => {
  await signUp(page, BRAND, `Melding ${tag()}`);
  await page.goto(brandUrl(BRAND, "/members"));
  await expect(page.getByTestId("push-alert")).toContainText("Mis geen berichten");
  await expect(page.getByTestId("push-alert-enable")).toBeVisible();
  // The settings page shows the same state, with its own button.
  await page.getByTestId("account-menu").click();
  await page.getByTestId("account-menu").locator('a[href="/notifications"]').click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/notifications"));
  await expect(page.getByTestId("push-opt-in")).toHaveAttribute("data-state", "off");
  await expect(page.getByTestId("push-alert")).toHaveCount(0);

  // Blocked in the browser: detected on the next page, not remembered from before.
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  await cdp.send("Browser.setPermission", { permission: { name: "notifications" }, setting: "denied", origin: new URL(brandUrl(BRAND)).origin, browserContextId: targetInfo.browserContextId });
  await page.goto(brandUrl(BRAND, "/members"));
  await expect(page.getByTestId("push-alert")).toContainText("Meldingen zijn geblokkeerd");
  await expect(page.getByTestId("push-alert")).toContainText("Je browser blokkeert meldingen van Flirtpunt");
  await page.goto(brandUrl(BRAND, "/notifications"));
  await expect(page.getByTestId("push-opt-in")).toHaveAttribute("data-state", "denied");

  // Dismissed, it stays away.
  await page.goto(brandUrl(BRAND, "/members"));
  await page.getByTestId("push-alert-dismiss").click();
  await expect(page.getByTestId("push-alert")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("profile-view").or(page.getByTestId("search-results"))).toBeVisible();
  await expect(page.getByTestId("push-alert")).toHaveCount(0);
});

test("the push worker shows a pushed message with the brand's text, one per conversation, and a tap opens its page in the open tab", async ({ page }) => {
  await signUp(page, BRAND, `Werker ${tag()}`);
  await page.context().grantPermissions(["notifications"], { origin: new URL(brandUrl(BRAND)).origin });
  await page.goto(brandUrl(BRAND, "/members"));
  const worker = await registerWorker(page);

  // A push as the server sends it, delivered to the worker through the DevTools protocol.
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: list }) => {
      const ours = list.find((registration) => registration.scopeURL.startsWith(brandUrl(BRAND)));
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registrations;
  const origin = new URL(brandUrl(BRAND)).origin;
  const push = (body: string) =>
    cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify({ title: "Flirtpunt", body, icon: "/icons/192.png", tag: "conversation-7", url: "/chats/7" }) });

  await push("Nieuw bericht van Sanne");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => list.map((n) => ({ title: n.title, body: n.body, tag: n.tag }))))).toEqual([
    { title: "Flirtpunt", body: "Nieuw bericht van Sanne", tag: "conversation-7" },
  ]);
  // The next push about the same conversation replaces it.
  await push("2 nieuwe berichten van Sanne");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => list.map((n) => n.body)))).toEqual(["2 nieuwe berichten van Sanne"]);

  // A tap takes the open tab to the conversation (the worker's own click handling).
  await worker.evaluate(() => (globalThis as unknown as { openPage(path: string): Promise<unknown> }).openPage("/likes/received"));
  await expect(page).toHaveURL(brandUrl(BRAND, "/likes/received"));
});
