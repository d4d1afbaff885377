import type { Browser, Locator, Page } from "@playwright/test";
import { brandUrl, expect, mailLinkFor, PASSWORD, test, followLoginLink } from "./helpers";
import { confirmedMember, jpeg, logIn, openBrowser as openBrowserOf, send, signUp, signUpConfirmed, tag, type Member } from "./member-setup";

const BRAND = "flirtpunt";
const openBrowser = (browser: Browser) => openBrowserOf(browser, BRAND);
const PREMIUM = { email: `premium.${BRAND}@demo.invalid`, password: "demo-password-2026" };

/** Goes to a chat page and waits until its script runs (the live stream is open then). */
async function open(page: Page, path: string) {
  const stream = page.waitForResponse((response) => response.url().includes("/api/events"));
  await page.goto(brandUrl(BRAND, path));
  expect((await stream).status()).toBe(200);
}

async function credits(page: Page): Promise<number> {
  return Number(await page.getByTestId("chat-credits").getAttribute("data-credits"));
}

/** The number on the messages badge of the top navigation (0 without one). */
async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByTestId("messages-badge").locator('[aria-hidden="true"]');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

function item(page: Page, conversationId: number): Locator {
  return page.locator(`[data-testid="chat-item"][data-conversation-id="${conversationId}"]`);
}

/** New members who confirmed their e-mail address (only those can be written to), each made in a browser of its own. */
function confirmedMembers(browser: Browser, count: number): Promise<Member[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => confirmedMember(browser, BRAND, `Ontvanger${index} ${tag()}`)));
}

/** Sends a text from the composer and waits for the server's answer. */
async function write(page: Page, text: string) {
  await page.getByTestId("chat-input").fill(text);
  await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByTestId("chat-send").click()]);
}

test("two members chat: live delivery, read state, a reply with a photo and a gift, credits charged", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const other = await openBrowser(browser);
  try {
    // A is new (3 free messages, 20 credits, e-mail not yet confirmed); B is the premium demo member.
    const [a] = await Promise.all([signUp(page, BRAND, `Anouk ${tag()}`), logIn(other.page, BRAND, PREMIUM.email, PREMIUM.password)]);
    const bPage = other.page;
    const bId = Number(/\/members\/(\d+)/.exec((await send(bPage, BRAND, "/profile", { method: "GET" })).html.match(/data-testid="view-own-profile"[^>]*/)?.[0] ?? "")?.[1]);

    // B waits on the members page.
    const bStream = bPage.waitForResponse((r) => r.url().includes("/api/events"));
    await bPage.goto(brandUrl(BRAND, "/members"));
    await bStream;
    // Others may have written to the demo member; this test counts from here.
    const unreadBefore = await unreadBadge(bPage);

    // A has not confirmed the e-mail address: A cannot write yet, and is told why; the mail's link confirms it.
    const refused = await send(page, BRAND, `/members/${bId}/chat`, { fields: { intent: "text", body: "Hallo?" } });
    expect(refused.html).toContain('data-reason="senderUnconfirmed"');
    expect(refused.html).toContain("Bevestig eerst je e-mailadres met de link die we je mailden; daarna kun je berichten versturen.");
    await followLoginLink(page, await mailLinkFor(page, BRAND, a.email, "/activate/"));

    // A opens the chat with B: an empty conversation with the icebreaker; A writes their own line.
    await open(page, `/members/${bId}/chat`);
    await expect(page.getByTestId("icebreaker")).toBeVisible();
    await page.getByTestId("icebreaker-line").first().click();
    await expect(page.getByTestId("chat-input")).toHaveValue(/Hoi .*Je profiel sprak me meteen aan/);
    await page.getByTestId("chat-input").fill("Hallo B, zin in een kop koffie?");
    await expect(page.getByTestId("chat-count")).toHaveText("31 / 1000 tekens");
    await Promise.all([page.waitForURL(/\/chats\/\d+$/), page.getByTestId("chat-send").click()]);
    const conversationId = Number(/\/chats\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByTestId("chat-text")).toHaveText(["Hallo B, zin in een kop koffie?"]);
    // A free message: the balance stays.
    expect(await credits(page)).toBe(20);
    await expect(page.getByTestId("chat-read-state")).toHaveText("Verzonden");

    // B's badge and title show it without a reload.
    await expect.poll(() => unreadBadge(bPage)).toBe(unreadBefore + 1);
    await expect(bPage).toHaveTitle(/^\(\d+\) /);

    // B opens the conversation: A sees it read, live.
    await open(bPage, "/chats");
    await expect(item(bPage, conversationId).getByTestId("chat-item-unread")).toContainText("1");
    await item(bPage, conversationId).getByRole("link").click();
    await expect(bPage.getByTestId("chat-text")).toHaveText(["Hallo B, zin in een kop koffie?"]);
    await expect(page.getByTestId("chat-read-state")).toHaveText("Gelezen");

    // A types: B sees it; A's second message then appears on B's open page as it is sent.
    await page.getByTestId("chat-input").pressSequentially("Ik ben");
    await expect(bPage.getByTestId("chat-typing")).toHaveText(`${a.name} is aan het typen…`);
    await write(page, "Ik ben er vanavond!");
    await expect(bPage.getByTestId("chat-text")).toHaveText(["Hallo B, zin in een kop koffie?", "Ik ben er vanavond!"]);

    // B replies with a photo (15 credits) and a gift (25 credits).
    const before = await credits(bPage);
    await Promise.all([
      bPage.waitForResponse((r) => r.request().method() === "POST"),
      bPage.getByTestId("chat-photo-input").setInputFiles({ name: "koffie.jpg", mimeType: "image/jpeg", buffer: await jpeg("#a0522d") }),
    ]);
    await expect(bPage.getByTestId("chat-photo")).toHaveCount(1);
    await expect.poll(() => credits(bPage)).toBe(before - 15);
    await bPage.getByTestId("chat-gift-toggle").click();
    await Promise.all([bPage.waitForResponse((r) => r.request().method() === "POST"), bPage.getByTestId("chat-gift-rose").click()]);
    await expect(bPage.getByTestId("chat-gift")).toHaveCount(1);
    await expect.poll(() => credits(bPage)).toBe(before - 40);

    // A sees both arrive; the photo is a re-encoded WebP.
    await expect(page.getByTestId("chat-photo")).toHaveCount(1);
    await expect(page.getByTestId("chat-gift")).toHaveAttribute("data-gift", "rose");
    await expect(page.getByTestId("chat-gift")).toContainText("Roos");
    // A chat photo is private: a short-lived signed link, which the browser really loads.
    const photo = page.getByTestId("chat-photo");
    expect(await photo.getAttribute("src")).toMatch(/^\/private-media\/chat\/.+\.webp\?e=\d+&s=[\w-]+$/);
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  } finally {
    await other.close();
  }
});

test("a free member starts two conversations; the third is refused with the premium-only alert", async ({ page }) => {
  const [member, recipients] = await Promise.all([signUpConfirmed(page, BRAND, `Femke ${tag()}`), confirmedMembers(page.context().browser()!, 3)]);
  const [first, second, third] = recipients.map((recipient) => recipient.id);
  for (const id of [first, second]) {
    const sent = await send(page, BRAND, `/members/${id}/chat`, { fields: { intent: "text", body: `Hoi van ${member.name}` } });
    expect(sent.url).toMatch(/\/chats\/\d+$/);
  }
  await open(page, `/members/${third}/chat`);
  await expect(page.getByTestId("premium-only")).toContainText("Alleen voor premium leden");
  await expect(page.getByTestId("chat-composer")).toHaveCount(0);
  // Posting anyway is refused too, and nothing is started.
  const forced = await send(page, BRAND, `/members/${third}/chat`, { fields: { intent: "text", body: "Toch proberen" } });
  expect(forced.url).toBe(brandUrl(BRAND, `/members/${third}/chat`));
  await open(page, "/chats");
  await expect(page.getByTestId("chat-item")).toHaveCount(2);
});

test("not enough credits: the exact text with a link to buy, and nothing sent or charged", async ({ page }) => {
  const [, [recipient]] = await Promise.all([signUpConfirmed(page, BRAND, `Iris ${tag()}`), confirmedMembers(page.context().browser()!, 1)]);
  const target = recipient!.id;
  await open(page, `/members/${target}/chat`);
  await page.getByTestId("icebreaker-close").click();
  await page.getByTestId("chat-input").fill("Eerste bericht");
  await Promise.all([page.waitForURL(/\/chats\/\d+$/), page.getByTestId("chat-send").click()]);
  expect(await credits(page)).toBe(20);
  // A gift costs 25: more than the 20 credits a new member has.
  await page.getByTestId("chat-gift-toggle").click();
  await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByTestId("chat-gift-heart").click()]);
  await expect(page.getByTestId("chat-refused")).toHaveText("Je hebt onvoldoende credits om dit bericht te versturen Credits kopen");
  await expect(page.getByTestId("chat-buy-credits")).toHaveAttribute("href", "/credits");
  await expect(page.getByTestId("chat-gift")).toHaveCount(0);
  await page.reload();
  expect(await credits(page)).toBe(20);
  await expect(page.getByTestId("chat-message")).toHaveCount(1);
});

test("deleting a conversation: gone at once; a server failure brings it back with the error", async ({ page }) => {
  const [, [recipient]] = await Promise.all([signUpConfirmed(page, BRAND, `Daan ${tag()}`), confirmedMembers(page.context().browser()!, 1)]);
  const target = recipient!.id;
  const sent = await send(page, BRAND, `/members/${target}/chat`, { fields: { intent: "text", body: "Hallo" } });
  const conversationId = Number(/\/chats\/(\d+)$/.exec(sent.url)?.[1]);
  await open(page, "/chats");
  await expect(item(page, conversationId)).toBeVisible();

  // The server fails: the conversation disappears, then comes back with the error.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/conversations/*", async (route) => {
    await held;
    await route.fulfill({ status: 500, body: "boom" });
  });
  await item(page, conversationId).getByTestId("chat-item-delete").click();
  await expect(item(page, conversationId)).toHaveCount(0);
  release();
  await expect(page.getByTestId("chat-delete-failed")).toHaveText("Het gesprek kon niet worden verwijderd: 500 Internal Server Error");
  await expect(item(page, conversationId)).toBeVisible();

  // Without the failure it is deleted, also after a reload.
  await page.unroute("**/api/conversations/*");
  await Promise.all([page.waitForResponse((r) => r.url().includes("/api/conversations/") && r.status() === 200), item(page, conversationId).getByTestId("chat-item-delete").click()]);
  await expect(item(page, conversationId)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("chats-empty")).toBeVisible();
});

test("a new conversation is mailed; its link logs the member in once on the conversation, after that it asks to log in", async ({ page, browser }) => {
  const reader = await confirmedMember(browser, BRAND, `Lezer ${tag()}`);
  await logIn(page, BRAND, PREMIUM.email, PREMIUM.password);
  await page.goto(brandUrl(BRAND, `/members/${reader.id}`));
  await page.getByTestId("action-message").click();
  await page.getByTestId("icebreaker-close").click();
  await page.getByTestId("chat-input").fill("Zin in een wandeling?");
  await Promise.all([page.waitForURL(/\/chats\/\d+$/), page.getByTestId("chat-send").click()]);
  const conversation = new URL(page.url()).pathname;

  // The mail, read from the outbox in a browser where nobody is logged in.
  const first = await openBrowser(browser);
  const second = await openBrowser(browser);
  try {
    await first.page.goto(brandUrl(BRAND, "/dev/mail"));
    await first.page.getByTestId("outbox").getByText(reader.email).first().click();
    await expect(first.page.getByTestId("mail-text")).toContainText("is een gesprek met je begonnen");
    const text = (await first.page.getByTestId("mail-text").textContent()) ?? "";
    const link = /(http:\/\/\S+\/[A-Za-z0-9_-]{43})(?=\s|$)/m.exec(text)?.[1];
    expect(link).toBeDefined();

    // Opening the link shows its page with one button; only the button logs in.
    await first.page.goto(link!);
    await expect(first.page.getByTestId("link-continue")).toContainText(reader.name);
    await expect(first.page.getByTestId("nav-login")).toBeVisible();
    await followLoginLink(first.page, link!);
    await expect(first.page).toHaveURL(brandUrl(BRAND, conversation));
    await expect(first.page.getByTestId("chat-text")).toHaveText(["Zin in een wandeling?"]);

    // Used once: another browser is asked to log in, and then lands on the conversation.
    await second.page.goto(link!);
    await expect(second.page.getByTestId("login-link-spent")).toBeVisible();
    await second.page.locator('input[name="email"]').fill(reader.email);
    await second.page.locator('input[name="password"]').fill(PASSWORD);
    await second.page.getByTestId("login-submit").click();
    await expect(second.page).toHaveURL(brandUrl(BRAND, conversation));
    // A path that only looks like nothing stays the 404 it was.
    const unknown = await second.page.goto(brandUrl(BRAND, "/no-such-page"));
    expect(unknown?.status()).toBe(404);
  } finally {
    await first.close();
    await second.close();
  }
});

test("on a wide screen /chats reopens the conversation opened last (spec 3.5); on a phone it shows the list", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const [a, [one, two]] = await Promise.all([signUpConfirmed(page, BRAND, `Lotte ${tag()}`), confirmedMembers(browser, 2)]);
  expect(a.id).toBeGreaterThan(0);
  const ids: number[] = [];
  for (const other of [one!, two!]) {
    await open(page, `/members/${other.id}/chat`);
    await page.getByTestId("icebreaker-close").click();
    await page.getByTestId("chat-input").fill(`Hallo ${other.name}`);
    await Promise.all([page.waitForURL(/\/chats\/\d+$/), page.getByTestId("chat-send").click()]);
    ids.push(Number(/\/chats\/(\d+)$/.exec(page.url())![1]));
  }

  // The first conversation opened again from the list, then away to the search.
  await item(page, ids[0]!).click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/chats/${ids[0]}`));
  await page.goto(brandUrl(BRAND, "/members"));
  await page.getByTestId("nav-messages").click();
  await expect(page).toHaveURL(brandUrl(BRAND, `/chats/${ids[0]}`));
  await expect(page.getByTestId("chat-partner-name")).toContainText(one!.name);

  // A new visit to /chats, after the other one was opened last.
  await page.goto(brandUrl(BRAND, `/chats/${ids[1]}`));
  await page.goto(brandUrl(BRAND, "/chats"));
  await expect(page).toHaveURL(brandUrl(BRAND, `/chats/${ids[1]}`));
  await expect(page.getByTestId("chat-partner-name")).toContainText(two!.name);

  // A phone keeps the list on /chats: one pane at a time.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(brandUrl(BRAND, "/chats"));
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(brandUrl(BRAND, "/chats"));
  await expect(item(page, ids[1]!)).toBeVisible();
});
