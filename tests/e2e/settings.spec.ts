import type { Page } from "@playwright/test";
import { acceptSiteEntry, brandUrl, expect, fillSignup, mailLinkFor, PASSWORD, test, uniqueEmail, passSignupMatches, forgetSession, followLoginLink } from "./helpers";

const NEW_PASSWORD = "herfst-trein-vaas-77";

async function logIn(page: Page, tenantId: string, email: string, password: string) {
  await page.goto(brandUrl(tenantId, "/login"));
  await page.waitForLoadState("networkidle");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId("login-submit").click();
}

/** Changes the address through the settings and the confirmation link mailed to the new one. */
async function changeEmail(page: Page, tenantId: string, from: string, to: string, password: string) {
  await page.goto(brandUrl(tenantId, "/settings"));
  await page.waitForLoadState("networkidle");
  const form = page.getByTestId("change-email-form");
  await form.locator('input[name="email"]').fill(to);
  await form.locator('input[name="password"]').fill(password);
  await page.getByTestId("change-email-submit").click();
  await expect(page.getByTestId("toast")).toBeVisible();
  const link = await mailLinkFor(page, tenantId, to, "/mail-change/do?token=");
  await page.goto(link);
  // The token leaves the address at once; the change happens on the button, not on the visit.
  await expect(page).toHaveURL(brandUrl(tenantId, "/mail-change/do"));
  await page.waitForLoadState("networkidle");
  await page.getByTestId("mail-change-submit").click();
  await expect(page).toHaveURL(brandUrl(tenantId, "/settings"));
  await expect(page.getByTestId("email-settings")).toContainText(to);
  await expect(page.getByTestId("email-settings")).not.toContainText(from);
}

/** Deletes the account with a reason, then brings it back with the mailed link. */
async function deleteAndReactivate(page: Page, tenantId: string, email: string, password: string, welcomeBack: string) {
  await page.goto(brandUrl(tenantId, "/notifications"));
  await page.getByTestId("delete-account-link").click();
  await expect(page.getByTestId("delete-alternatives")).toBeVisible();
  await page.waitForLoadState("networkidle");
  const form = page.getByTestId("delete-account-form");
  await form.locator('input[value="found_someone"]').check();
  await form.locator('textarea[name="remarks"]').fill("Bedankt!");
  await form.locator('input[name="password"]').fill(password);
  await page.getByTestId("delete-account-submit").click();
  await expect(page).toHaveURL(brandUrl(tenantId, "/account-deleted"));
  await expect(page.getByTestId("nav-login")).toBeVisible();

  const link = await mailLinkFor(page, tenantId, email, "/reactivate/");
  await followLoginLink(page, link);
  await expect(page).toHaveURL(brandUrl(tenantId, "/"));
  await expect(page.getByTestId("account-menu")).toBeVisible();
  await expect(page.getByTestId("toast")).toHaveText(welcomeBack);
  await page.goto(link);
  await expect(page.getByTestId("reactivate-failed")).toBeVisible();
}

test("Dutch: signup in the desktop modal, e-mail and password changes, notifications, delete and reactivate", async ({ page, context }) => {
  // One member's whole account life in one journey: about 30 s on a 2-core machine with the suite running beside it.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await acceptSiteEntry(context, "flirtpunt");
  const email = uniqueEmail("noor");
  const newEmail = uniqueEmail("noor-nieuw");
  const taken = uniqueEmail("bezet");

  // Someone else holds an address already.
  await page.goto(brandUrl("flirtpunt", "/signup"));
  await page.waitForLoadState("networkidle");
  await fillSignup(page, { email: taken, name: "Bezet" });
  await passSignupMatches(page);
  await forgetSession(page);

  // On a desktop the signup form opens as a modal that Escape and the backdrop leave alone once typing began.
  await page.goto(brandUrl("flirtpunt"));
  await page.waitForLoadState("networkidle");
  await page.getByTestId("cta-signup").click();
  const modal = page.getByTestId("signup-modal");
  await expect(modal.getByTestId("signup-form")).toBeVisible();
  await expect(page).toHaveURL(brandUrl("flirtpunt", "/"));
  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);
  await page.getByTestId("cta-signup").click();
  await modal.locator('input[name="email"]').fill(email);
  await page.keyboard.press("Escape");
  await page.getByTestId("signup-backdrop").click({ position: { x: 5, y: 5 } });
  await expect(modal).toBeVisible();
  await expect(modal.locator('input[name="email"]')).toHaveValue(email);
  await fillSignup(page, { email, name: "Noor", birth: "2020-01-01" });
  await expect(modal.getByText("Vul je geboortedatum in")).toBeVisible();
  await expect(modal.locator('input[name="name"]')).toHaveValue("Noor");
  await modal.locator('input[name="date_of_birth"]').fill("1992-03-04");
  await modal.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("signup-submit").click();
  await passSignupMatches(page);
  await expect(modal).toHaveCount(0);

  // E-mail: taken, wrong password, then the real change.
  await page.goto(brandUrl("flirtpunt", "/settings"));
  await page.waitForLoadState("networkidle");
  const emailForm = page.getByTestId("change-email-form");
  await emailForm.locator('input[name="email"]').fill(taken);
  await emailForm.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("change-email-submit").click();
  await expect(emailForm).toContainText("Dit e-mailadres heeft al een account op deze site.");
  await expect(emailForm.locator('input[name="email"]')).toHaveValue(taken);
  await emailForm.locator('input[name="email"]').fill(newEmail);
  await emailForm.locator('input[name="password"]').fill("niet-mijn-wachtwoord");
  await page.getByTestId("change-email-submit").click();
  await expect(emailForm).toContainText("Controleer je wachtwoord.");
  await changeEmail(page, "flirtpunt", email, newEmail, PASSWORD);
  await expect(page.getByTestId("toast")).toHaveText("Je e-mailadres is gewijzigd.");

  // Password: wrong old one, unequal new ones, then the change.
  const passwordForm = page.getByTestId("change-password-form");
  await passwordForm.locator('input[name="old_password"]').fill("niet-mijn-wachtwoord");
  await passwordForm.locator('input[name="password"]').fill(NEW_PASSWORD);
  await passwordForm.locator('input[name="repeat"]').fill(NEW_PASSWORD);
  await page.getByTestId("change-password-submit").click();
  await expect(passwordForm).toContainText("Controleer je oude wachtwoord.");
  await passwordForm.locator('input[name="old_password"]').fill(PASSWORD);
  await passwordForm.locator('input[name="password"]').fill(NEW_PASSWORD);
  await passwordForm.locator('input[name="repeat"]').fill(`${NEW_PASSWORD}x`);
  await page.getByTestId("change-password-submit").click();
  await expect(passwordForm).toContainText("De opgegeven wachtwoorden zijn niet gelijk.");
  await passwordForm.locator('input[name="old_password"]').fill(PASSWORD);
  await passwordForm.locator('input[name="repeat"]').fill(NEW_PASSWORD);
  await page.getByTestId("change-password-submit").click();
  await expect(page.getByTestId("toast")).toContainText("Je wachtwoord is gewijzigd");

  // Invisible mode and notification types are saved.
  await page.getByTestId("toggle-invisible").click();
  await expect(page.getByTestId("invisible-state")).toHaveText("Je bent onzichtbaar.");
  await page.goto(brandUrl("flirtpunt", "/notifications"));
  const types = page.getByTestId("notification-types");
  await types.locator('input[value="promotions"]').uncheck();
  await page.getByTestId("save-types").click();
  await expect(page.getByTestId("toast")).toHaveText("Je instellingen zijn opgeslagen.");
  await expect(types.locator('input[value="promotions"]')).not.toBeChecked();
  await expect(types.locator('input[value="new_messages"]')).toBeChecked();

  // Delete without a reason keeps what was typed; then delete and come back.
  await page.goto(brandUrl("flirtpunt", "/settings/delete"));
  await page.waitForLoadState("networkidle");
  const deleteForm = page.getByTestId("delete-account-form");
  await deleteForm.locator('textarea[name="remarks"]').fill("Te weinig tijd");
  await page.getByTestId("delete-account-submit").click();
  await expect(deleteForm).toContainText("Kies een reden.");
  await expect(deleteForm.locator('textarea[name="remarks"]')).toHaveValue("Te weinig tijd");
  await deleteAndReactivate(page, "flirtpunt", newEmail, NEW_PASSWORD, "Welkom terug! Je account is weer actief.");

  // The old address and password no longer log in; the new ones do.
  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByTestId("logout").click();
  // Logged out before going on: a login page opened while still logged in goes home instead.
  await expect(page.getByTestId("nav-login")).toBeVisible();
  await logIn(page, "flirtpunt", email, PASSWORD);
  await expect(page.getByTestId("login-error")).toHaveText("Login mislukt, probeer opnieuw");
  await logIn(page, "flirtpunt", newEmail, NEW_PASSWORD);
  await expect(page.getByTestId("account-name")).toHaveText("Noor");

  // The language chosen in the settings is kept on the member, not only in this browser.
  await page.goto(brandUrl("flirtpunt", "/settings"));
  await page.waitForLoadState("networkidle");
  await page.getByTestId("settings-language").locator("select").selectOption("de");
  await page.getByTestId("settings-language").getByRole("button").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Einstellungen");
  await context.clearCookies({ name: "lng" });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Einstellungen");
});

test("English: change e-mail, delete, log in while deleting for a new link, reactivate", async ({ page, context }) => {
  await acceptSiteEntry(context, "herchoice");
  const email = uniqueEmail("grace");
  const newEmail = uniqueEmail("grace-new");
  await page.goto(brandUrl("herchoice", "/signup"));
  await page.waitForLoadState("networkidle");
  await fillSignup(page, { email, name: "Grace" });
  await passSignupMatches(page);

  await changeEmail(page, "herchoice", email, newEmail, PASSWORD);
  await expect(page.getByTestId("toast")).toHaveText("Your e-mail address has been changed.");

  // The brand's delete discount is offered first, once.
  await page.goto(brandUrl("herchoice", "/settings/delete"));
  await page.getByTestId("accept-delete-discount").click();
  await expect(page).toHaveURL(brandUrl("herchoice", "/"));
  await expect(page.getByTestId("toast")).toContainText("Glad you are staying!");
  await page.goto(brandUrl("herchoice", "/settings/delete"));
  await expect(page.getByTestId("delete-alternatives")).toBeVisible();
  await expect(page.getByTestId("accept-delete-discount")).toHaveCount(0);

  await page.waitForLoadState("networkidle");
  const form = page.getByTestId("delete-account-form");
  await form.locator('input[value="not_looking"]').check();
  await form.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("delete-account-submit").click();
  await expect(page.getByTestId("account-deleted")).toContainText("Your account is being deleted");

  await logIn(page, "herchoice", newEmail, PASSWORD);
  await expect(page.getByTestId("login-error")).toContainText("This account is being deleted");
  const link = await mailLinkFor(page, "herchoice", newEmail, "/reactivate/");
  await followLoginLink(page, link);
  await expect(page.getByTestId("toast")).toHaveText("Welcome back! Your account is active again.");
  await expect(page.getByTestId("account-name")).toHaveText("Grace");
});

test("a smartphone arriving with api_signup_complete sees the confirmation reminder as a modal", async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await acceptSiteEntry(context, "kraglosci");
  const email = uniqueEmail("marek");
  await page.goto(brandUrl("kraglosci"));
  await page.waitForLoadState("networkidle");
  // On a smartphone the signup link leads to the page, not a modal.
  await page.getByTestId("cta-signup").click();
  await expect(page).toHaveURL(brandUrl("kraglosci", "/signup"));
  await page.waitForLoadState("networkidle");
  await fillSignup(page, { email, name: "Marek" });
  await passSignupMatches(page);

  await page.goto(brandUrl("kraglosci", "/?api_signup_complete=1"));
  const modal = page.getByTestId("unconfirmed-modal");
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(email);
  await page.getByTestId("unconfirmed-modal-close").click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId("unconfirmed-reminder")).toBeVisible();

  await page.goto(brandUrl("kraglosci", "/"));
  await expect(page.getByTestId("unconfirmed-modal")).toHaveCount(0);
  await expect(page.getByTestId("unconfirmed-reminder")).toBeVisible();
});
