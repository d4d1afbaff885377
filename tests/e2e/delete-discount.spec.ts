import { mkdirSync } from "node:fs";
import { brandUrl, expect, PASSWORD, signUpThenForgetSession, test, uniqueEmail } from "./helpers";

const BRAND = "flirtpunt";
/** flirtpunt's company.delete_discount and its starter bundle (tenants/flirtpunt.json): 50% off 14,95 is 7,475, rounded half up. */
const STARTER = { cents: 1495, discounted: 748, shown: "7,48" };
const SHOTS = process.env.MONEY_SHOTS_DIR;

/*
 * docs/product/payments.md#personal-discounts: a member about to leave takes the delete discount
 * instead, and their next purchase is charged at it.
 */
test("a member who takes the delete discount instead of leaving buys at that price through the checkout", async ({ page }) => {
  const email = uniqueEmail("blijver");
  await signUpThenForgetSession(page, BRAND, { email, name: "Blijver" });

  await page.goto(brandUrl(BRAND, "/login"));
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("account-name")).toHaveText("Blijver");

  await page.goto(brandUrl(BRAND, "/settings"));
  await page.getByRole("link", { name: "Meldingen" }).click();
  await page.getByTestId("delete-account-link").click();
  await expect(page.getByTestId("delete-alternatives")).toBeVisible();
  await page.getByTestId("accept-delete-discount").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/"));

  await page.goto(brandUrl(BRAND, "/credits"));
  const notice = page.getByTestId("discount-notice");
  // The delete discount (50%) beats the new member's time bonus (25%); they are not added up.
  await expect(notice).toHaveAttribute("data-code", "DELETEDISCOUNT");
  await expect(notice).toContainText("50%");
  await expect(notice).toContainText("Geldig tot");
  await expect(page.getByTestId("offer-starter").getByTestId("price")).toHaveAttribute("data-cents", String(STARTER.discounted));
  await expect(page.getByTestId("offer-starter").getByTestId("list-price")).toBeVisible();
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/credits-delete-discount-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/credits-delete-discount-desktop.png` });
  }

  await page.getByTestId("buy-starter").click();
  await page.getByTestId("method-ideal").click();
  const confirm = page.getByTestId("payment-confirm");
  await confirm.getByTestId("issuer").selectOption({ label: "Rabobank" });
  await expect(confirm.getByTestId("confirm-total")).toHaveAttribute("data-cents", String(STARTER.discounted));
  await confirm.getByTestId("confirm-pay").click();
  await expect(page.getByTestId("local-checkout")).toContainText(STARTER.shown);
  await page.getByTestId("checkout-paid").click();
  await page.waitForURL(/\/transactions\/\d+$/);
  await expect(page.getByTestId("transaction")).toHaveAttribute("data-state", "completed");

  await page.goto(brandUrl(BRAND, "/transactions"));
  await expect(page.getByTestId("transactions").locator("li").first()).toContainText(STARTER.shown);
  await expect(page.getByTestId("transactions").locator("li").first()).toContainText("Betaald");
  // Used once: the next visit to /credits has the list price again (the time bonus went with the first purchase).
  await page.goto(brandUrl(BRAND, "/credits"));
  await expect(page.getByTestId("offer-starter").getByTestId("price")).toHaveAttribute("data-cents", String(STARTER.cents));
});
