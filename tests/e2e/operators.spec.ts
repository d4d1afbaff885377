import type { Page } from "@playwright/test";
import { brandUrl, expect, test } from "./helpers";
import { staffLogin } from "./staff-login";
import { logIn, pageToFictionalCards, send } from "./member-setup";

const MEMBER_PASSWORD = "demo-password-2026";

/** From the member search to a fictional profile's page, as a member clicks there. */
async function openFictionalProfile(page: Page, tenantId: string): Promise<number> {
  await page.goto(brandUrl(tenantId, "/members?search=1"));
  const fictional = await pageToFictionalCards(page, tenantId);
  const id = Number(await fictional.first().getAttribute("data-member-id"));
  await fictional.first().getByRole("link").first().click();
  await expect(page).toHaveURL(brandUrl(tenantId, `/members/${id}`));
  await expect(page.getByTestId("fictional-warning")).toBeVisible();
  return id;
}

/** Clicks the profile's message button; an empty conversation offers opening lines, which the member declines. */
async function startChat(page: Page) {
  await page.getByTestId("action-message").click();
  await expect(page).toHaveURL(/\/members\/\d+\/chat$/);
  await expect(page.getByTestId("icebreaker")).toBeVisible();
  await page.getByTestId("icebreaker-close").click();
}

/** Writes in the open chat and waits until the message is on the page. */
async function write(page: Page, body: string) {
  await page.getByTestId("chat-input").fill(body);
  await page.getByTestId("chat-send").click();
  await expect(page.getByTestId("chat-message").filter({ hasText: body })).toHaveCount(1);
}

/**
 * The photo picker shows the fictional profile's photos as pictures: each one a 200 with an image,
 * drawn by the browser (a broken link there left an operator choosing among empty boxes).
 */
async function expectPickerPhotosLoad(operator: Page) {
  const photos = operator.getByRole("img", { name: "Deze foto versturen" });
  await expect(photos.first()).toBeVisible();
  for (const photo of await photos.all()) {
    // Fetched from the page, with the staff member's cookies (Node cannot resolve *.localhost).
    const { src, status, type } = await photo.evaluate(async (img: HTMLImageElement) => {
      const response = await fetch(img.src);
      return { src: img.src, status: response.status, type: response.headers.get("content-type") };
    });
    expect(status, src).toBe(200);
    expect(type, src).toMatch(/^image\//);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: src }).toBeGreaterThan(0);
  }
}

test("an operator answers a member's message to a fictional profile: claimed by one, honest when asked, never with contact details, all in the audit log", async ({ page, browser }) => {
  const BRAND = "flirtpunt";
  await logIn(page, BRAND, `premium.${BRAND}@demo.invalid`, MEMBER_PASSWORD);
  await openFictionalProfile(page, BRAND);
  await startChat(page);
  await page.getByTestId("chat-input").fill("Hoi! Ben je echt?");
  await Promise.all([page.waitForURL(/\/chats\/\d+$/), page.getByTestId("chat-send").click()]);
  const conversationId = Number(/\/chats\/(\d+)$/.exec(page.url())![1]);

  const operator = await staffLogin(browser, BRAND, "operator@demo.invalid");
  await expect(operator).toHaveURL(brandUrl(BRAND, "/staff/inbox"));
  const item = operator.getByTestId("inbox-item").filter({ has: operator.locator(`a[href="/staff/inbox/${conversationId}"]`) });
  await expect(item).toContainText("Vraagt of echt");
  await item.getByRole("link").click();
  await expect(operator.getByTestId("operator-messages")).toContainText("Ben je echt?");
  await operator.getByTestId("claim").click();
  await expect(operator.getByTestId("reply-body")).toBeVisible();
  await expectPickerPhotosLoad(operator);

  // A second operator (the admin holds every role) cannot take it over.
  const admin = await staffLogin(browser, BRAND, "admin@demo.invalid");
  await admin.goto(brandUrl(BRAND, `/staff/inbox/${conversationId}`));
  await expect(admin.getByTestId("claim")).toBeVisible();
  await admin.getByTestId("claim").click();
  await expect(admin.getByTestId("operator-error")).toContainText("net geclaimd");
  await expect(admin.getByTestId("reply-body")).toHaveCount(0);

  // A phone number is refused, and what was typed stays.
  await operator.getByTestId("reply-body").fill("Bel me op 06 12 34 56 78");
  await operator.getByTestId("reply-send").click();
  await expect(operator.getByTestId("operator-error")).toContainText("telefoonnummer");
  await expect(operator.getByTestId("reply-body")).toHaveValue("Bel me op 06 12 34 56 78");
  // Nothing else before the honest answer.
  await operator.getByTestId("reply-body").fill("Natuurlijk ben ik echt!");
  await operator.getByTestId("reply-send").click();
  await expect(operator.getByTestId("operator-error")).toContainText("eerlijke antwoord");
  await operator.getByTestId("send-protective").click();
  // The member sees the honest answer arrive while the conversation is open.
  await expect(page.getByTestId("chat-message").filter({ hasText: "fictief profiel" })).toHaveCount(1);

  await operator.getByTestId("reply-body").fill("Leuk dat je schrijft! Hoe was je dag?");
  await operator.getByTestId("reply-send").click();
  await expect(operator.getByTestId("message-profile").filter({ hasText: "Hoe was je dag?" })).toHaveCount(1);
  await expect(page.getByTestId("chat-message").filter({ hasText: "Hoe was je dag?" })).toHaveCount(1);

  // The admin finds each of these actions in the audit log, and in its export.
  await admin.getByRole("link", { name: "Auditlog" }).click();
  await admin.getByTestId("audit-filter").getByRole("button", { name: "Filteren" }).click();
  const rows = admin.getByTestId("audit-row").filter({ hasText: String(conversationId) });
  for (const action of ["claim", "reply_refused", "honest_answer", "reply"]) await expect(rows.and(admin.locator(`[data-action="${action}"]`)).first()).toBeVisible();
  const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByTestId("audit-csv").click()]);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  for (const action of ["claim", "reply_refused", "honest_answer", "reply"]) expect(text).toContain(`,${action},flirtpunt,`);
  await operator.context().close();
  await admin.context().close();
});

test("a member at the brand's daily credit limit is stopped, sees why on the care page, cannot buy, and the operator must warn first", async ({ page, browser }) => {
  // Silverflirt allows 100 credits a day (tenants/silverflirt.json): ten messages of 10 credits.
  const BRAND = "silverflirt";
  await logIn(page, BRAND, `premium.${BRAND}@demo.invalid`, MEMBER_PASSWORD);
  const profileId = await openFictionalProfile(page, BRAND);
  await startChat(page);
  await page.getByTestId("chat-input").fill("Hej!");
  await Promise.all([page.waitForURL(/\/chats\/\d+$/), page.getByTestId("chat-send").click()]);
  const conversationId = Number(/\/chats\/(\d+)$/.exec(page.url())![1]);
  // The next eight as the form would post them; the tenth from the page itself.
  for (let i = 0; i < 8; i++) expect((await send(page, BRAND, `/members/${profileId}/chat`, { fields: { intent: "text", body: `Meddelande ${i}` } })).status).toBe(200);
  const stream = page.waitForResponse((response) => response.url().includes("/api/events"));
  await page.goto(brandUrl(BRAND, `/chats/${conversationId}`));
  expect((await stream).status()).toBe(200);
  await write(page, "Det tionde");
  await page.getByTestId("chat-input").fill("Det elfte");
  await page.getByTestId("chat-send").click();
  await expect(page.getByTestId("chat-refused")).toHaveAttribute("data-reason", "careLimit");
  await expect(page.getByTestId("chat-message").filter({ hasText: "Det elfte" })).toHaveCount(0);
  await page.getByTestId("chat-care-link").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/care"));
  await expect(page.getByTestId("care-state")).toContainText("pausade");
  // Every way to buy leads back here while the cool-down lasts.
  await page.goto(brandUrl(BRAND, "/directdebit"));
  await expect(page).toHaveURL(brandUrl(BRAND, "/care"));

  // Each staff code works once: the other test's operators have used this one already.
  const operator = await staffLogin(browser, BRAND, "operator2@demo.invalid");
  const item = operator.getByTestId("inbox-item").filter({ has: operator.locator(`a[href="/staff/inbox/${conversationId}"]`) });
  await expect(item).toContainText("Kwetsbaar");
  await item.getByRole("link").click();
  await expect(operator.getByTestId("flag-vulnerable")).toContainText("daglimiet aan credits bereikt");
  await operator.getByTestId("claim").click();
  await operator.getByTestId("reply-body").fill("Hej på dig!");
  await operator.getByTestId("reply-send").click();
  await expect(operator.getByTestId("operator-error")).toContainText("waarschuwing");
  await operator.getByTestId("send-protective").click();
  await expect(page.getByTestId("care-page")).toBeVisible();
  await page.goto(brandUrl(BRAND, `/chats/${conversationId}`));
  await expect(page.getByTestId("chat-message").filter({ hasText: "fiktiv profil" })).toHaveCount(1);
  await operator.context().close();
});
