import type { Page, Route } from "@playwright/test";
import { brandUrl, expect, forgetSession, PASSWORD, test } from "./helpers";
import { confirmedMember, send, signUp, signUpConfirmed, tag, type Member } from "./member-setup";

// docs/product/site.md#when-the-network-fails: page loads, form answers and background reloads
// are tried again (5 attempts, 0.5/1/2/4 s apart); after the last one a notice offers "Probeer
// opnieuw" over the page as it was.
const BRAND = "flirtpunt";
/** The waits between the five attempts add up to 7.5 s; the notice comes after them. */
const AFTER_ALL_ATTEMPTS = { timeout: 15_000 };

/** A new member (who confirmed the e-mail address, if asked: only those can write), logged in the way a person does it: the login form, filled in and sent. Waits until the page's script runs. */
async function newMemberLoggedIn(page: Page, name: string, confirmed = false): Promise<Member> {
  const member = confirmed ? await signUpConfirmed(page, BRAND, name) : await signUp(page, BRAND, name);
  await forgetSession(page);
  await page.goto(brandUrl(BRAND, "/login"));
  const form = page.getByTestId("login-form");
  await form.locator('input[name="email"]').fill(member.email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  const stream = page.waitForRequest((request) => request.url().includes("/api/events"));
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/"));
  await stream;
  return member;
}

/** The network drops the next `count` page-data requests of the given method (all of them by default); the rest pass. */
async function dropPageData(page: Page, count = Infinity, method = "GET"): Promise<{ dropped: number; passed: number }> {
  const seen = { dropped: 0, passed: 0 };
  await page.route(/\.data(\?|$)/, async (route: Route) => {
    if (route.request().method() !== method) return route.continue();
    if (seen.dropped < count) {
      seen.dropped++;
      return route.abort("internetdisconnected");
    }
    seen.passed++;
    return route.continue();
  });
  return seen;
}

async function openProfile(page: Page) {
  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByTestId("account-menu").locator('a[href="/profile"]').click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/profile"));
  await expect(page.getByTestId("profile-section-basics")).toBeVisible();
}

test("a link whose first two loads fail still opens its page, without a notice", async ({ page }) => {
  await newMemberLoggedIn(page, `Rens ${tag()}`);
  const network = await dropPageData(page, 2);
  await page.getByTestId("nav-messages").first().click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/chats"));
  await expect(page.getByTestId("chats-empty")).toBeVisible();
  expect(network).toEqual({ dropped: 2, passed: 1 });
  await expect(page.getByTestId("load-failed")).toHaveCount(0);
});

test("a link whose five loads fail: the page stays with what was typed, a notice offers to try again, and trying again opens the page", async ({ page }) => {
  await newMemberLoggedIn(page, `Sanne ${tag()}`);
  await openProfile(page);
  const name = page.locator("#profile-basics").locator('input[name="name"]');
  await name.fill("Sanne nog niet bewaard");

  const network = await dropPageData(page);
  await page.getByTestId("nav-search").first().click();
  const notice = page.getByTestId("load-failed");
  await expect(notice).toBeVisible(AFTER_ALL_ATTEMPTS);
  await expect(notice).toContainText("De pagina kon niet worden geladen: er is nu geen verbinding met de site.");
  await expect(notice.getByTestId("load-failed-retry")).toHaveText("Probeer opnieuw");
  expect(network.dropped).toBe(5);
  await expect(page).toHaveURL(brandUrl(BRAND, "/profile"));
  await expect(name).toHaveValue("Sanne nog niet bewaard");

  // Still offline: trying again tries five times more, then asks again.
  await notice.getByTestId("load-failed-retry").click();
  await expect(notice.getByTestId("load-failed-retry")).toBeDisabled();
  await expect(notice.getByTestId("load-failed-retry")).toBeEnabled(AFTER_ALL_ATTEMPTS);
  expect(network.dropped).toBe(10);

  await page.unroute(/\.data(\?|$)/);
  await notice.getByTestId("load-failed-retry").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/members"));
  await expect(page.getByTestId("search-results")).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test("a form's post is sent once; when it fails the typed text stays and 'Probeer opnieuw' sends it", async ({ page }) => {
  await newMemberLoggedIn(page, `Joris ${tag()}`);
  await openProfile(page);
  const about = page.locator("#profile-about").locator('textarea[name="about"]');
  const text = `Ik wandel graag langs de IJssel ${tag()}.`;
  await about.fill(text);

  const network = await dropPageData(page, 1, "POST");
  await page.getByTestId("save-about").click();
  const notice = page.getByTestId("load-failed");
  await expect(notice).toContainText("Je formulier kon niet worden verstuurd: er is nu geen verbinding met de site.");
  // The notice comes at once: a post is not repeated by itself, it may have reached the server.
  expect(network).toEqual({ dropped: 1, passed: 0 });
  await expect(about).toHaveValue(text);

  const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/profile.data"));
  await notice.getByTestId("load-failed-retry").click();
  // A saved form answers with the way back to its page (a redirect, 202 in Remix's data format).
  expect((await saved).status()).toBeLessThan(400);
  expect(network).toEqual({ dropped: 1, passed: 1 });
  await expect(notice).toHaveCount(0);
  // Saved once: shown again after a reload (as the text itself, or as the one waiting for the moderators).
  await page.reload();
  await expect(page.getByTestId("profile-section-about")).toContainText(text);
});

test("a background reload of the chat list is tried again until it arrives", async ({ page, browser }) => {
  const recipient = await confirmedMember(browser, BRAND, `Lotte ${tag()}`);
  // Without the live stream the page polls: its first background reload comes 5 s after it opened.
  await page.route("**/api/events*", (route) => route.abort("internetdisconnected"));
  await newMemberLoggedIn(page, `Bram ${tag()}`, true);
  await page.getByTestId("nav-messages").first().click();
  await expect(page.getByTestId("chats-empty")).toBeVisible();

  const network = await dropPageData(page, 2);
  // Meanwhile, in another tab, the member writes to someone: the list has a conversation to show.
  const other = await page.context().newPage();
  const sent = await send(other, BRAND, `/members/${recipient.id}/chat`, { fields: { intent: "text", body: "Hoi Lotte" } });
  expect(sent.url).toMatch(/\/chats\/\d+$/);
  await other.close();

  await expect(page.getByTestId("chat-item")).toHaveCount(1, AFTER_ALL_ATTEMPTS);
  await expect(page.getByTestId("chat-item-name")).toHaveText(recipient.name);
  expect(network.dropped).toBe(2);
  expect(network.passed).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId("load-failed")).toHaveCount(0);
});

test.describe("the location button follows the browser's permission", () => {
  test("allowed: offered", async ({ page, context }) => {
    await context.grantPermissions(["geolocation"], { origin: new URL(brandUrl(BRAND)).origin });
    await newMemberLoggedIn(page, `Noor ${tag()}`);
    await openProfile(page);
    await expect(page.getByTestId("use-my-location")).toBeVisible();
    await expect(page.getByTestId("location-blocked")).toHaveCount(0);
  });

  test("denied: not offered, a hint says how to allow it; allowed later in the site settings: offered at once", async ({ page }) => {
    // The browser's own answer, and its change event, as a person's site settings give them.
    await page.addInitScript(() => {
      const status = new EventTarget() as PermissionStatus & { state: PermissionState };
      Object.defineProperty(status, "state", { value: "denied", writable: true });
      const query = navigator.permissions.query.bind(navigator.permissions);
      navigator.permissions.query = (descriptor) => (descriptor.name === "geolocation" ? Promise.resolve(status) : query(descriptor));
      (window as unknown as { allowLocation: () => void }).allowLocation = () => {
        status.state = "granted";
        status.dispatchEvent(new Event("change"));
      };
    });
    await newMemberLoggedIn(page, `Daan ${tag()}`);
    await openProfile(page);
    await expect(page.getByTestId("location-blocked")).toHaveText(
      "Je browser deelt je locatie niet met deze site. Wil je hem toch gebruiken? Sta locatie toe in de site-instellingen van je browser (het slotje naast het adres).",
    );
    await expect(page.getByTestId("use-my-location")).toHaveCount(0);

    await page.evaluate(() => (window as unknown as { allowLocation: () => void }).allowLocation());
    await expect(page.getByTestId("use-my-location")).toBeVisible();
    await expect(page.getByTestId("location-blocked")).toHaveCount(0);
  });
});
