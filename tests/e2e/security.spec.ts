import { acceptSiteEntry, brandUrl, decideConsent, expect, fillSignup, giveOwnAddress, mailLinkFor, PASSWORD, test, uniqueEmail, followLoginLink } from "./helpers";
import { generate } from "otplib";
import { logIn, openBrowser, signUp, tag } from "./member-setup";

test("a gay-niche brand answers a new and a taken address alike; the mailed link lets the new member in", async ({ page, browser }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 800 });
  await acceptSiteEntry(page.context(), "mandemoede");
  const email = uniqueEmail("mikkel");
  await page.goto(brandUrl("mandemoede"));
  await page.waitForLoadState("networkidle");
  await page.getByTestId("cta-signup").click();
  await page.waitForLoadState("networkidle");
  await fillSignup(page, { email, name: "Mikkel" });
  await expect(page).toHaveURL(brandUrl("mandemoede", "/signup/sent"));
  await expect(page.getByTestId("signup-sent")).toContainText(`Vi har sendt en e-mail til ${email}`);
  await expect(page.getByTestId("nav-login")).toBeVisible();

  const link = await mailLinkFor(page, "mandemoede", email, "/activate/");
  await followLoginLink(page, link);
  await expect(page).toHaveURL(brandUrl("mandemoede", "/activate/done"));
  await expect(page.getByTestId("account-name")).toHaveText("Mikkel");

  // Someone else tries the same address: the very same page, and the holder hears of it.
  const other = await browser.newContext();
  await giveOwnAddress(other);
  const stranger = await other.newPage();
  try {
    await stranger.setViewportSize({ width: 390, height: 800 });
    await acceptSiteEntry(other, "mandemoede");
    await decideConsent(other);
    await stranger.goto(brandUrl("mandemoede", "/signup"));
    await stranger.waitForLoadState("networkidle");
    await fillSignup(stranger, { email, name: "Ukendt" });
    await expect(stranger).toHaveURL(brandUrl("mandemoede", "/signup/sent"));
    await expect(stranger.getByTestId("signup-sent")).toContainText(`Vi har sendt en e-mail til ${email}`);
    await stranger.goto(brandUrl("mandemoede", "/dev/mail"));
    await stranger.getByTestId("outbox").getByText(email).first().click();
    await expect(stranger.getByTestId("mail-text")).toContainText("Du har allerede en konto her");
  } finally {
    await other.close();
  }
});

test("settings list the member's devices: one is logged out from the other, then everywhere", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const member = await signUp(page, "flirtpunt", "Devi");
  const laptop = await browser.newContext({ userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0" });
  await giveOwnAddress(laptop);
  const laptopPage = await laptop.newPage();
  try {
    await logIn(laptopPage, "flirtpunt", member.email, PASSWORD);

    await page.goto(brandUrl("flirtpunt"));
    await page.getByTestId("account-menu").click();
    await page.getByTestId("account-menu").getByRole("link", { name: "Instellingen" }).click();
    await page.getByRole("link", { name: "Apparaten" }).click();
    await expect(page).toHaveURL(brandUrl("flirtpunt", "/settings/devices"));
    const devices = page.getByTestId("device");
    await expect(devices).toHaveCount(2);
    const other = devices.filter({ hasText: "Firefox op Windows" });
    await expect(other).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    await other.getByTestId("device-end").click();
    await expect(page.getByTestId("toast")).toHaveText("Het apparaat is uitgelogd.");
    await expect(devices).toHaveCount(1);

    await laptopPage.goto(brandUrl("flirtpunt", "/settings"));
    await expect(laptopPage).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);

    await page.getByTestId("devices-end-all").click();
    await expect(page).toHaveURL(brandUrl("flirtpunt", "/login"));
    await expect(page.getByTestId("toast")).toHaveText("Je bent op al je apparaten uitgelogd.");
    await expect(page.getByTestId("nav-login")).toBeVisible();
  } finally {
    await laptop.close();
  }
});

test("a member turns on two-step login in the settings; the next login asks for the app's code", async ({ page }) => {
  test.setTimeout(60_000);
  const member = await signUp(page, "flirtpunt", `Twee ${tag()}`);
  await page.goto(brandUrl("flirtpunt"));
  await page.getByTestId("account-menu").click();
  await page.getByTestId("account-menu").getByRole("link", { name: "Instellingen" }).click();
  await page.getByRole("link", { name: "Twee stappen" }).click();
  await expect(page).toHaveURL(brandUrl("flirtpunt", "/settings/two-factor"));
  await page.waitForLoadState("networkidle");
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  // A wrong code first: the same secret stays on the page.
  await page.getByLabel("Code", { exact: true }).fill("000000");
  await page.getByTestId("two-factor-submit").click();
  await expect(page.getByTestId("two-factor-error")).toContainText("Deze code klopt niet");
  await expect(page.getByTestId("two-factor-secret")).toHaveText(secret);
  await page.getByLabel("Code", { exact: true }).fill(await generate({ secret }));
  await page.getByTestId("two-factor-submit").click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);

  await page.goto(brandUrl("flirtpunt"));
  await page.getByTestId("account-menu").locator("summary").click();
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("nav-login")).toBeVisible();
  await page.goto(brandUrl("flirtpunt", "/login"));
  await page.waitForLoadState("networkidle");
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/login\/code/);
  await expect(page.getByTestId("nav-login")).toBeVisible();
  // The code of the step just used is not taken twice; the next step's code is.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Code", { exact: true }).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByTestId("login-code-submit").click();
  await expect(page.getByTestId("account-name")).toHaveText(member.name);
});

test("a mailed link logs in only by its page's button, which works without JavaScript, and never replaces a logged-in browser's session", async ({ page, browser }) => {
  const brand = "flirtpunt";
  const owner = await signUp(page, brand, `Eigenaar ${tag()}`);
  const link = await mailLinkFor(page, brand, owner.email, "/activate/");

  // Another browser, without JavaScript: opening the link logs nobody in; the button does.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  await giveOwnAddress(noScript);
  await acceptSiteEntry(noScript, brand);
  try {
    const plain = await noScript.newPage();
    await plain.goto(link);
    await expect(plain.getByTestId("link-continue")).toContainText(owner.name);
    await expect(plain.getByTestId("account-name")).toHaveCount(0);
    await plain.getByTestId("link-continue-submit").click();
    await expect(plain).toHaveURL(brandUrl(brand, "/activate/done"));
    await expect(plain.getByTestId("activate-done")).toBeVisible();
  } finally {
    await noScript.close();
  }

  // A browser where someone else is logged in: the other member's link confirms, and the session stays theirs.
  const stranger = await openBrowser(browser, brand);
  try {
    const other = await signUp(stranger.page, brand, `Ander ${tag()}`);
    const otherLink = await mailLinkFor(page, brand, other.email, "/activate/");
    await followLoginLink(page, otherLink);
    await expect(page).toHaveURL(brandUrl(brand, "/activate/done"));
    await expect(page.getByTestId("account-name")).toHaveText(owner.name);
  } finally {
    await stranger.close();
  }
});
