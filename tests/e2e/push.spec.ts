import type { Page } from "@playwright/test";
import { browserKeys, startPushService } from "../fixtures/push-service";
import { brandUrl, expect, laterUntilPrompt, mailLinkFor, test, followLoginLink } from "./helpers";
import { logIn, openBrowser, send, signUp, tag } from "./member-setup";

const BRAND = "flirtpunt";
const PREMIUM = { email: `premium.${BRAND}@demo.invalid`, password: "demo-password-2026" };

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
  await laterUntilPrompt(page, "push-alert");
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
  // The dismissal is stored by the server's answer (a cookie): wait for it before reloading, or the
  // reload may cut the request off.
  await Promise.all([page.waitForResponse((r) => r.url().includes("/api/alerts/dismiss")), page.getByTestId("push-alert-dismiss").click()]);
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

  // The notifications are read only after the worker has told the open page of the push, which it
  // does once the notification is up: a read while it is still being put up makes Chromium drop
  // it from the list for good (public/sw-push.js).
  await page.evaluate(() => {
    const counted = window as unknown as { pushesTold: number };
    counted.pushesTold = 0;
    navigator.serviceWorker.addEventListener("message", (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === "pushed") counted.pushesTold += 1;
    });
  });
  const pushesTold = () => page.evaluate(() => (window as unknown as { pushesTold: number }).pushesTold);
  const notifications = () =>
    page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => list.map((n) => ({ title: n.title, body: n.body, tag: n.tag }))));

  await push("Nieuw bericht van Sanne");
  await expect.poll(pushesTold).toBe(1);
  expect(await notifications()).toEqual([{ title: "Flirtpunt", body: "Nieuw bericht van Sanne", tag: "conversation-7" }]);
  // The next push about the same conversation replaces it.
  await push("2 nieuwe berichten van Sanne");
  await expect.poll(pushesTold).toBe(2);
  expect(await notifications()).toEqual([{ title: "Flirtpunt", body: "2 nieuwe berichten van Sanne", tag: "conversation-7" }]);

  // A tap takes the open tab to the conversation (the worker's own click handling).
  await worker.evaluate(() => (globalThis as unknown as { openPage(path: string): Promise<unknown> }).openPage("/likes/received"));
  await expect(page).toHaveURL(brandUrl(BRAND, "/likes/received"));
});

test("a message reaches the other member's push service, encrypted; none while they read that conversation", async ({ page, browser }) => {
  const keys = browserKeys();
  const service = await startPushService(keys);
  const writer = await openBrowser(browser, BRAND);
  try {
    const reader = await signUp(page, BRAND, `Lezer ${tag()}`);
    await followLoginLink(page, await mailLinkFor(page, BRAND, reader.email, "/activate/"));
    // The reader's browser subscribed (a real browser's push service is out of reach here).
    const subscribed = await send(page, BRAND, "/api/push/subscribe", { json: { endpoint: service.endpoint("reader"), keys: { p256dh: keys.p256dh, auth: keys.auth } } });
    expect(subscribed.status).toBe(200);

    await logIn(writer.page, BRAND, PREMIUM.email, PREMIUM.password);
    await writer.page.goto(brandUrl(BRAND, `/members/${reader.id}`));
    await writer.page.getByTestId("action-message").click();
    await writer.page.getByTestId("icebreaker-close").click();
    await writer.page.getByTestId("chat-input").fill("Hoi!");
    await Promise.all([writer.page.waitForURL(/\/chats\/\d+$/), writer.page.getByTestId("chat-send").click()]);
    await expect.poll(() => service.received.length).toBe(1);
    const first = service.received[0]!.payload as { body: string; url: string; tag: string; title: string };
    expect(first).toMatchObject({ title: "Flirtpunt", body: expect.stringMatching(/^1 nieuw bericht van /), tag: expect.stringMatching(/^conversation-\d+$/) });

    // The reader opens the conversation: while it is on screen, new messages are not pushed.
    const visible = page.waitForResponse((response) => response.url().endsWith("/api/page-visible") && response.ok());
    await page.goto(brandUrl(BRAND, first.url));
    await visible;
    await writer.page.getByTestId("chat-input").fill("Zie je dit?");
    await writer.page.getByTestId("chat-send").click();
    await expect(page.getByTestId("chat-text").last()).toHaveText("Zie je dit?");

    // Elsewhere on the site, the next one is pushed again: the one before it never was.
    const away = page.waitForResponse((response) => response.url().endsWith("/api/page-visible") && response.ok());
    await page.goto(brandUrl(BRAND, "/members"));
    await away;
    await writer.page.getByTestId("chat-input").fill("En nu?");
    await writer.page.getByTestId("chat-send").click();
    await expect.poll(() => service.received.length).toBe(2);
    expect(service.received[1]!.payload).toMatchObject({ body: expect.stringMatching(/^1 nieuw bericht van /), tag: first.tag });
  } finally {
    await writer.close();
    await service.close();
  }
});
