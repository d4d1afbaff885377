import sharp from "sharp";
import { acceptSiteEntry, brandUrl, expect, fillSignup, mailLinkFor, PASSWORD, signUpThenForgetSession, test, uniqueEmail, passSignupMatches, followLoginLink } from "./helpers";

test("signup in Dutch: errors keep what was typed, then steps, activation, logout and login", async ({ page, context }) => {
  await acceptSiteEntry(context, "flirtpunt");
  const email = uniqueEmail("sanne");
  await page.goto(brandUrl("flirtpunt", "/signup"));
  await page.waitForLoadState("networkidle");

  await fillSignup(page, { email, name: "@sanne" });
  await expect(page.getByText("Je naam mag niet met @ beginnen.")).toBeVisible();
  await expect(page.getByTestId("signup-form").locator('input[name="email"]')).toHaveValue(email);

  await page.getByTestId("signup-form").locator('input[name="name"]').fill("Sanne");
  await page.getByTestId("signup-form").locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("signup-submit").click();
  await passSignupMatches(page);
  await expect(page.getByTestId("language-switcher")).toHaveCount(0);

  await page.getByTestId("step-skip").click();
  await expect(page).toHaveURL(/\/complete-signup\/location$/);
  await page.locator('select[name="region"]').selectOption("NL-UT");
  await page.locator('input[name="city"]').fill("Utrecht");
  await page.getByTestId("step-save").click();
  await expect(page).toHaveURL(/\/complete-signup\/personal$/);
  await page.locator('select[name="gender"]').selectOption("female");
  await page.getByTestId("step-save").click();
  await expect(page).toHaveURL(/\/complete-signup\/about$/);
  await page.locator('textarea[name="about"]').fill("Ik hou van fietsen en koffie.");
  await page.getByTestId("step-save").click();
  await expect(page).toHaveURL(/\/complete-signup\/push$/);
  await page.getByTestId("step-skip").click();
  await expect(page.getByTestId("confirm-pending")).toContainText(email);
  await page.getByTestId("step-save").click();
  await expect(page).toHaveURL(brandUrl("flirtpunt", "/"));
  await expect(page.getByTestId("toast")).toContainText("Je profiel is klaar");
  await expect(page.getByTestId("unconfirmed-reminder")).toContainText(email);
  await expect(page.getByTestId("unconfirmed-reminder")).toContainText("is je profiel verborgen voor andere leden");
  await expect(page.getByTestId("account-name")).toHaveText("Sanne");

  const link = await mailLinkFor(page, "flirtpunt", email, "/activate/");
  await followLoginLink(page, link);
  await expect(page).toHaveURL(brandUrl("flirtpunt", "/activate/done"));
  await expect(page.getByTestId("activate-done")).toContainText("Je e-mailadres is bevestigd");
  await page.goto(link);
  await expect(page.getByTestId("activate-error")).toContainText("Activeren mislukt");

  await page.goto(brandUrl("flirtpunt"));
  await expect(page.getByTestId("unconfirmed-reminder")).toHaveCount(0);
  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("nav-login")).toBeVisible();

  await page.goto(brandUrl("flirtpunt", "/login"));
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("verkeerd-wachtwoord");
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-error")).toHaveText("Login mislukt, probeer opnieuw");
  await expect(page.locator('input[name="email"]')).toHaveValue(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("account-name")).toHaveText("Sanne");
});

test("signup in English with a photo and a typo suggestion; a second signup with the address is refused", async ({ page, context }) => {
  await acceptSiteEntry(context, "herchoice");
  const email = uniqueEmail("emma").replace("@example.com", "@gmial.com");
  await page.goto(brandUrl("herchoice", "/signup"));
  await page.waitForLoadState("networkidle");
  await fillSignup(page, { email, name: "Emma" });
  const suggestion = page.getByTestId("email-suggestion");
  await expect(suggestion).toContainText("Did you mean");
  await expect(suggestion).toContainText(email.replace("gmial", "gmail"));
  await page.getByTestId("signup-form").locator('input[name="password"]').fill(PASSWORD);
  await suggestion.getByRole("button", { name: /^Yes/ }).click();
  await passSignupMatches(page);

  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#c44" } }).jpeg().toBuffer();
  await page.locator('input[name="photo"]').setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByTestId("step-save").click();
  await expect(page).toHaveURL(/\/complete-signup\/location$/);
  await page.goto(brandUrl("herchoice", "/complete-signup/photo"));
  await expect(page.getByTestId("own-photos")).toContainText("Being checked");

  await page.locator('input[name="photo"]').setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not an image") });
  await page.getByTestId("step-save").click();
  await expect(page.getByTestId("photo-error")).toContainText("not a photo we can read");

  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("nav-login")).toBeVisible();
  await page.goto(brandUrl("herchoice", "/signup"));
  await page.waitForLoadState("networkidle");
  await fillSignup(page, { email: email.replace("gmial", "gmail"), name: "Emma two" });
  await expect(page.getByText("This e-mail address already has an account on this site.")).toBeVisible();
});

test("too many wrong passwords block the account for a while", async ({ page }) => {
  const email = uniqueEmail("jonas");
  await signUpThenForgetSession(page, "kraglosci", { email, name: "Jonas" });

  await page.goto(brandUrl("kraglosci", "/login"));
  await page.waitForLoadState("networkidle");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(`falsch-${attempt}`);
    // Each answer awaited: the previous attempt's error is still on the page, and a sixth click
    // before the fifth answer would cancel it.
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/login")),
      page.getByTestId("login-submit").click(),
    ]);
    await expect(page.getByTestId("login-error")).toBeVisible();
  }
  await expect(page.getByTestId("login-error")).toHaveText(/\b15\b/);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-error")).toHaveText(/\b15\b/);
});

test("a brand that signs up only with a traffic source shows the invite notice otherwise", async ({ page, context }) => {
  await acceptSiteEntry(context, "silverflirt");
  await page.goto(brandUrl("silverflirt", "/signup"));
  await expect(page.getByTestId("invite-only")).toBeVisible();
  await expect(page.getByTestId("signup-form")).toHaveCount(0);

  await page.goto(brandUrl("silverflirt", "/?ref=partner7&sub1=spring"));
  await expect(page).toHaveURL(brandUrl("silverflirt", "/"));
  await page.goto(brandUrl("silverflirt", "/signup"));
  await expect(page.getByTestId("signup-form")).toBeVisible();
});

test("password reset: unknown address, mail with link, matching fields, new password works once", async ({ page }) => {
  const email = uniqueEmail("chloe");
  await signUpThenForgetSession(page, "cougarclub", { email, name: "Chloé" });

  await page.goto(brandUrl("cougarclub", "/reset-password"));
  await page.waitForLoadState("networkidle");
  await page.getByTestId("reset-form").locator('input[name="email"]').fill("personne@example.com");
  await page.getByTestId("reset-form").getByRole("button").click();
  await expect(page.getByTestId("reset-form")).toContainText("introuvable");
  await page.getByTestId("reset-form").locator('input[name="email"]').fill(email);
  await page.getByTestId("reset-form").getByRole("button").click();
  await expect(page.getByTestId("reset-sent")).toContainText(email);

  const link = await mailLinkFor(page, "cougarclub", email, "/reset-password/do?token=");

  await page.goto(link);
  await page.waitForLoadState("networkidle");
  const form = page.getByTestId("new-password-form");
  await form.locator('input[name="password"]').fill("nouveau-mot-de-passe-42");
  await form.locator('input[name="repeat"]').fill("nouveau-mot-de-passe-43");
  await form.getByRole("button").click();
  await expect(form.locator('[role="alert"]')).toBeVisible();
  await form.locator('input[name="password"]').fill("nouveau-mot-de-passe-42");
  await form.locator('input[name="repeat"]').fill("nouveau-mot-de-passe-42");
  await form.getByRole("button").click();
  await expect(page).toHaveURL(brandUrl("cougarclub", "/"));
  await expect(page.getByTestId("account-name")).toHaveText("Chloé");

  await page.goto(link);
  await expect(page.getByTestId("reset-invalid")).toBeVisible();
});
