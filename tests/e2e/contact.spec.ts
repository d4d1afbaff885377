import type { Page } from "@playwright/test";
import { brandUrl, expect, PASSWORD, signUpThenForgetSession, test, uniqueEmail } from "./helpers";
import { birthDateForAge, confirmedMember, logIn, openBrowser, send, signUpConfirmed, tag } from "./member-setup";

const BRAND = "flirtpunt";
const PREMIUM = { email: `premium.${BRAND}@demo.invalid`, password: "demo-password-2026" };

/** The balance the top navigation shows a member. */
async function navCredits(page: Page): Promise<number> {
  return Number(await page.getByTestId("nav-credits").getAttribute("data-credits"));
}

test("a liked member writes back from the likes tab's profile; a gift they cannot pay is refused there, with a way to buy credits", async ({ page, browser }) => {
  const run = tag();
  const [writer, liker] = await Promise.all([signUpConfirmed(page, BRAND, `Schrijver ${run}`), confirmedMember(browser, BRAND, `Liker ${run}`)]);
  const other = await openBrowser(browser, BRAND);
  try {
    await logIn(other.page, BRAND, liker.email, PASSWORD);
    expect((await send(other.page, BRAND, `/members/${writer.id}`, { fields: { intent: "like" } })).status).toBe(200);
  } finally {
    await other.close();
  }

  // From the home page to the like, to the liker's profile, to a conversation.
  await page.goto(brandUrl(BRAND, "/"));
  await page.getByTestId("nav-likes").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/likes/received"));
  const card = page.locator(`[data-testid="member-card"][data-member-id="${liker.id}"]`);
  await expect(card.getByTestId("action-message")).toHaveAttribute("href", `/members/${liker.id}/chat`);
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/likes/m/${liker.id}`));
  await page.getByTestId("action-message").click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/members/${liker.id}/chat`));
  await page.getByTestId("icebreaker-close").click();
  await page.getByTestId("chat-input").fill("Dank je voor je like!");
  await Promise.all([page.waitForURL(/\/chats\/\d+$/), page.getByTestId("chat-send").click()]);
  const conversation = page.url();
  await expect(page.getByTestId("chat-text")).toHaveText(["Dank je voor je like!"]);

  // A gift costs more than a new member's 20 credits: refused on the profile, nothing charged.
  await page.getByTestId("chat-partner").click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/members/${liker.id}`));
  await page.getByTestId("action-gift").click();
  await page.getByTestId("gift-rose").click();
  await expect(page.getByTestId("gift-refused")).toHaveText(/Je hebt onvoldoende credits om dit bericht te versturen/);
  await expect(page).toHaveURL(brandUrl(BRAND, `/members/${liker.id}`));
  await page.getByTestId("gift-buy-credits").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/credits"));

  // The likes tab's message button opens the conversation that now exists; the free message and
  // the refused gift left the 20 credits of a new member as they were.
  await page.getByTestId("nav-likes").click();
  await page.locator(`[data-testid="member-card"][data-member-id="${liker.id}"]`).getByTestId("action-message").click();
  await expect(page).toHaveURL(conversation);
  await expect(page.getByTestId("chat-credits")).toHaveAttribute("data-credits", "20");
});

test("a member sends a gift from a profile they found in the search, and sees it in the conversation", async ({ page, browser }) => {
  const run = tag();
  // An age no other profile has keeps the search short.
  const age = 91;
  const target = await confirmedMember(browser, BRAND, `Ontvanger ${run}`, birthDateForAge(age));
  await logIn(page, BRAND, PREMIUM.email, PREMIUM.password);

  await page.goto(brandUrl(BRAND, `/members?search=1&min_age=${age}&max_age=${age}`));
  await page.locator(`[data-testid="member-card"][data-member-id="${target.id}"]`).getByRole("link").first().click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/members/${target.id}`));
  const before = await navCredits(page);
  await page.getByTestId("action-gift").click();
  await expect(page.getByTestId("gift-rose")).toHaveAccessibleName("Roos sturen voor 25 credits");
  await Promise.all([page.waitForURL(/\/chats\/\d+$/), page.getByTestId("gift-rose").click()]);
  await expect(page.getByTestId("chat-gift")).toHaveAttribute("data-gift", "rose");
  await expect(page.getByTestId("chat-credits")).toHaveAttribute("data-credits", String(before - 25));
});

test("a visitor who presses message on a profile logs in and lands in the conversation", async ({ page, browser }) => {
  const run = tag();
  const target = await confirmedMember(browser, BRAND, `Gezocht ${run}`, birthDateForAge(92));
  const visitor = { email: uniqueEmail("bezoeker"), name: `Bezoeker ${run}` };
  await signUpThenForgetSession(page, BRAND, visitor);

  await page.goto(brandUrl(BRAND, `/members?search=1&min_age=92&max_age=92`));
  await page.locator(`[data-testid="member-card"][data-member-id="${target.id}"]`).getByRole("link").first().click();
  await expect(page.getByTestId("visitor-actions")).toBeVisible();
  await page.getByTestId("action-message").click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.locator('input[name="email"]').fill(visitor.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();

  await expect(page).toHaveURL(brandUrl(BRAND, `/members/${target.id}/chat`));
  await expect(page.getByTestId("chat-partner")).toContainText(target.name);
  await expect(page.getByTestId("chat-input")).toBeVisible();
});

test("a visitor who presses gift logs in and comes back to the profile with the gift picker open", async ({ page, browser }) => {
  const run = tag();
  // An age of its own: a visitor's search results are kept a minute (docs/decisions/038-visitor-documents-reused.md),
  // so the previous test's search for 92 would not show this target yet.
  const age = 94;
  const target = await confirmedMember(browser, BRAND, `Cadeau ${run}`, birthDateForAge(age));
  const visitor = { email: uniqueEmail("gever"), name: `Gever ${run}` };
  await signUpThenForgetSession(page, BRAND, visitor);

  await page.goto(brandUrl(BRAND, `/members?search=1&min_age=${age}&max_age=${age}`));
  await page.locator(`[data-testid="member-card"][data-member-id="${target.id}"]`).getByRole("link").first().click();
  await page.getByTestId("action-gift").click();
  await page.locator('input[name="email"]').fill(visitor.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();

  // Back on the profile, ?gift=1 gone, the picker open with its first gift focused: one key sends it.
  await expect(page).toHaveURL(brandUrl(BRAND, `/members/${target.id}`));
  await expect(page.getByTestId("gift-rose")).toBeFocused();
  await page.keyboard.press("Enter");
  // A new member has not confirmed the address yet and may not spend on gifts: the picker stays open with the reason.
  await expect(page.getByTestId("gift-refused")).toHaveAttribute("data-reason", "senderUnconfirmed");
  await expect(page.getByTestId("gift-rose")).toBeVisible();
});
