import type { Page } from "@playwright/test";
import { acceptSiteEntry, brandUrl, expect, fillSignup, giveOwnAddress, mailLinkFor, PASSWORD, test, uniqueEmail, passSignupMatches, followLoginLink } from "./helpers";
import { openBrowser, patternJpeg, signUp, signUpConfirmed, tag } from "./member-setup";
import { staffLogin } from "./staff-login";

const BRAND = "flirtpunt";

/** The mail text of the newest mail to this address whose subject holds the text, from the local outbox. */
async function mailText(page: Page, email: string, subject: string | RegExp): Promise<string> {
  await page.goto(brandUrl(BRAND, "/dev/mail"));
  await page.getByTestId("outbox").getByRole("link").filter({ hasText: email }).filter({ hasText: subject }).first().click();
  return (await page.getByTestId("mail-text").textContent()) ?? "";
}

/** Presses S in the moderation queue until the item on screen is one of this member's, and returns its type. */
async function skipToMember(moderator: Page, memberId: number) {
  const item = moderator.getByTestId("review-item");
  for (let skipped = 0; (await item.getAttribute("data-member-id")) !== String(memberId); skipped++) {
    expect(skipped, "the member's item within the queue").toBeLessThan(50);
    const shown = await item.getAttribute("data-id");
    await moderator.keyboard.press("s");
    await expect(item.and(moderator.locator(`[data-id="${shown}"]`))).toHaveCount(0);
  }
}

test("a moderator approves one photo and rejects another with the keyboard; a reported profile is banned and cannot log in", async ({ page, browser }) => {
  test.slow();
  const anna = await signUpConfirmed(page, BRAND, `Anna ${tag()}`);
  await page.goto(brandUrl(BRAND, "/profile"));
  await page.waitForLoadState("networkidle");
  for (const seed of [Date.now() % 100_000, (Date.now() % 100_000) + 7]) {
    const count = await page.getByTestId("own-photo").count();
    await page.locator("#photo").setInputFiles({ name: "ik.jpg", mimeType: "image/jpeg", buffer: await patternJpeg(seed) });
    await page.getByTestId("upload-photo").click();
    await expect(page.getByTestId("own-photo")).toHaveCount(count + 1);
  }

  // A text with a word the brand holds (tenants/flirtpunt.json) waits for a moderator.
  const about = "Stuur me een bericht op WhatsApp, dan praten we verder.";
  await page.getByTestId("profile-section-about").getByRole("textbox").fill(about);
  await page.getByTestId("save-about").click();
  await expect(page.getByTestId("held-about")).toContainText(about);

  const bert = await openBrowser(browser, BRAND);
  await signUp(bert.page, BRAND, `Bert ${tag()}`);
  await bert.page.goto(brandUrl(BRAND, `/members/${anna.id}`));
  // Photos being checked are for their owner only.
  await expect(bert.page.getByTestId("main-photo")).toHaveCount(0);

  const moderator = await staffLogin(browser, BRAND, "moderator@demo.invalid");
  await moderator.getByRole("navigation").getByRole("link", { name: "Moderatie" }).click();
  await expect(moderator).toHaveURL(brandUrl(BRAND, "/staff/moderation"));
  await skipToMember(moderator, anna.id);
  // Held texts come before photos without a flag.
  await expect(moderator.getByTestId("review-item")).toHaveAttribute("data-type", "text");
  await expect(moderator.getByTestId("review-text")).toHaveText(about);
  await moderator.keyboard.press("a");
  await expect(moderator.locator(`[data-testid="review-item"][data-type="text"][data-member-id="${anna.id}"]`)).toHaveCount(0);
  await skipToMember(moderator, anna.id);
  await expect(moderator.getByTestId("review-item")).toHaveAttribute("data-type", "photo");
  const first = await moderator.getByTestId("review-item").getAttribute("data-id");
  await moderator.keyboard.press("a");
  await expect(moderator.locator(`[data-testid="review-item"][data-id="${first}"]`)).toHaveCount(0);
  await skipToMember(moderator, anna.id);
  // 2: "no person".
  await moderator.keyboard.press("2");
  await expect(moderator.getByTestId("review-item").and(moderator.locator(`[data-member-id="${anna.id}"]`))).toHaveCount(0);

  await expect(async () => {
    await bert.page.reload();
    await expect(bert.page.getByTestId("main-photo")).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(bert.page.getByTestId("profile-view")).toContainText(about);
  await page.reload();
  const notice = page.getByTestId("notice-photo_rejected");
  await expect(notice).toContainText("Een van je foto's is niet goedgekeurd");
  await expect(notice.getByTestId("notice-reason")).toHaveText("Een profielfoto moet jou laten zien; op deze foto staat geen persoon.");
  await expect(page.getByTestId("own-photo")).toHaveCount(1);
  await notice.getByTestId("notice-dismiss").click();
  await expect(notice).toHaveCount(0);

  // Bert reports Anna from her profile.
  await bert.page.getByTestId("action-report").click();
  await expect(bert.page).toHaveURL(brandUrl(BRAND, `/members/${anna.id}/report`));
  await bert.page.getByTestId("report-submit").click();
  await expect(bert.page.getByTestId("report-error").or(bert.page.getByRole("alert").first())).toBeVisible();
  await bert.page.getByTestId("report-reason-fake").check();
  await bert.page.getByTestId("report-text").fill("Deze foto's staan ook op een andere site.");
  await bert.page.getByTestId("report-submit").click();
  await expect(bert.page).toHaveURL(brandUrl(BRAND, `/members/${anna.id}`));
  await expect(bert.page.getByText("Bedankt. Onze moderators bekijken je melding.")).toBeVisible();
  await bert.close();

  await moderator.getByRole("navigation").getByRole("link", { name: "Meldingen" }).click();
  const report = moderator.locator(`[data-testid="report"][data-reported-id="${anna.id}"]`);
  await expect(report).toContainText("Deze foto's staan ook op een andere site.");
  await report.getByTestId("report-ban-reason").selectOption("fake_profile");
  await report.getByTestId("report-ban").click();
  await expect(report).toHaveCount(0);

  // Logged out everywhere; her password now leads to the ban page with the reason.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await page.locator('input[name="email"]').fill(anna.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/pages/ban"));
  await expect(page.getByTestId("ban-reason")).toHaveText("Reden: Nepprofiel");
});

test("a visitor files a complaint, gets the case number by mail, support answers by mail and the visitor replies on the case page", async ({ page, browser }) => {
  test.slow();
  await acceptSiteEntry(page.context(), BRAND);
  await page.goto(brandUrl(BRAND));
  await page.getByTestId("site-footer").locator('a[href="/complaints"]').click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/complaints"));
  await page.waitForLoadState("networkidle");
  const email = uniqueEmail("klacht");
  await page.getByTestId("complaint-submit").click();
  await expect(page.getByText("Kies waar je bericht over gaat.")).toBeVisible();
  await page.getByTestId("complaint-subject").selectOption("payment");
  await page.getByTestId("complaint-email").fill(email);
  await page.getByTestId("complaint-order").fill("12345");
  await page.getByTestId("complaint-message").fill("Ik ben twee keer afgeschreven voor mijn bestelling.");
  await page.getByTestId("complaint-submit").click();
  const sent = page.getByTestId("complaint-sent");
  await expect(sent).toContainText(email);
  const reference = /K-[A-Z0-9]{8}/.exec((await sent.textContent()) ?? "")![0];

  // The acknowledgement carries the case number, never what the visitor wrote to the address they
  // typed (docs/product/support.md): that is on the case's page.
  const opened = await mailText(page, email, reference);
  expect(opened).toContain(reference);
  expect(opened).not.toContain("Ik ben twee keer afgeschreven");

  const support = await staffLogin(browser, BRAND, "support@demo.invalid");
  await support.getByRole("navigation").getByRole("link", { name: "Klantenservice" }).click();
  await support.getByTestId("support-case-link").filter({ hasText: reference }).click();
  await expect(support.getByTestId("case-reference")).toHaveText(reference);
  await support.getByTestId("case-answer").fill("We hebben de dubbele afschrijving teruggeboekt.");
  await support.getByTestId("case-answer-send").click();
  await expect(support.getByTestId("case-staff-status")).toHaveText(/wacht/i);

  const answer = await mailText(page, email, new RegExp(`Antwoord.*${reference}`));
  expect(answer).toContain("We hebben de dubbele afschrijving teruggeboekt.");
  await page.goto(await mailLinkFor(page, BRAND, email, `/complaints/${reference}?t=`));
  await expect(page.getByTestId("case-message")).toHaveCount(2);
  await page.getByTestId("case-reply").fill("Dank jullie wel, het staat weer goed.");
  await page.getByTestId("case-reply-submit").click();
  await expect(page.getByTestId("case-message")).toHaveCount(3);

  await support.reload();
  await expect(support.getByTestId("staff-case-message").last()).toContainText("Dank jullie wel");
});

test("the brand console shows today's signup and purchase of a traffic source, and the CSV has them", async ({ browser }) => {
  test.slow();
  const network = `net${tag()}`.toLowerCase().replace(/[^a-z0-9]/g, "");
  const visitor = await browser.newContext();
  await giveOwnAddress(visitor);
  const page = await visitor.newPage();
  await page.goto(brandUrl(BRAND, `/?network=${network}&ref=spring`));
  await Promise.all([page.waitForResponse((r) => r.url().includes("/api/site-entry")), page.getByTestId("site-entry-modal").getByRole("button").click()]);
  const email = uniqueEmail("bron");
  await page.goto(brandUrl(BRAND, "/signup"));
  await page.waitForLoadState("networkidle");
  await fillSignup(page, { email, name: `Bron ${tag()}` });
  await passSignupMatches(page);
  await followLoginLink(page, await mailLinkFor(page, BRAND, email, "/activate/"));
  await page.goto(brandUrl(BRAND, "/credits"));
  await page.getByTestId("buy-starter").click();
  await page.getByTestId("method-creditcard").click();
  await page.getByTestId("payment-confirm").getByTestId("confirm-pay").click();
  await page.getByTestId("checkout-paid").click();
  await page.waitForURL(/\/transactions\/\d+$/);
  await expect(page.getByTestId("transaction")).toHaveAttribute("data-state", "completed");
  await visitor.close();

  const admin = await staffLogin(browser, BRAND, "admin@demo.invalid");
  await admin.getByRole("navigation").getByRole("link", { name: "Merkconsole" }).click();
  await admin.getByTestId("console-brand").selectOption(BRAND);
  await admin.getByRole("button", { name: "Tonen" }).click();
  await admin.getByTestId("console-refresh").click();
  const source = admin.locator(`[data-testid="console-source"][data-network="${network}"]`);
  await expect(source.locator('[data-column="visitors"]')).toHaveText("1");
  await expect(source.locator('[data-column="signups"]')).toHaveText("1");
  await expect(source.locator('[data-column="confirmed"]')).toHaveText("1");
  await expect(source.locator('[data-column="firstPurchases"]')).toHaveText("1");

  const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByTestId("console-csv").click()]);
  const csv = await (await download.createReadStream()).toArray();
  const line = Buffer.concat(csv).toString("utf8").split("\r\n").find((row) => row.includes(`,${network},spring,`));
  expect(line).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2},${BRAND},${network},spring,,,,1,1,1,1,1,1,0,\\d+,`));
});
