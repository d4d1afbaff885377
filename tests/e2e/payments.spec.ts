import type { Page } from "@playwright/test";
import { brandUrl, expect, test } from "./helpers";
import { openBrowser, signUp, tag } from "./member-setup";

const BRAND = "flirtpunt";
/** flirtpunt's signup credits and its bundles (tenants/flirtpunt.json). */
const SIGNUP_CREDITS = 20;
const STARTER = { credits: 100, cents: 1495 };
const POPULAR = { credits: 275, cents: 2995 };

/** From /credits through the method list and the confirm modal to the local checkout. */
async function checkout(page: Page, bundle: "starter" | "popular", method: "ideal" | "creditcard" | "paypal", code?: string) {
  await page.goto(brandUrl(BRAND, code ? `/credits?code=${code}` : "/credits"));
  await page.getByTestId(`buy-${bundle}`).click();
  await page.getByTestId(`method-${method}`).click();
  const confirm = page.getByTestId("payment-confirm");
  await expect(confirm).toBeVisible();
  if (method === "ideal") await confirm.getByTestId("issuer").selectOption({ label: "Rabobank" });
  const total = Number(await confirm.getByTestId("confirm-total").getAttribute("data-cents"));
  await confirm.getByTestId("confirm-pay").click();
  await expect(page.getByTestId("local-checkout")).toBeVisible();
  return total;
}

async function finish(page: Page, outcome: "paid" | "failed" | "canceled" | "pending") {
  await page.getByTestId(`checkout-${outcome}`).click();
  await page.waitForURL(/\/transactions\/\d+$/);
}

const balanceOn = async (page: Page) => Number(await page.getByTestId("transaction-balance").getAttribute("data-credits"));

test("a new member buys with TIMEBONUS25, becomes premium, and cannot use the code twice", async ({ page }) => {
  await signUp(page, BRAND, `Koper ${tag()}`);
  await page.goto(brandUrl(BRAND, "/credits"));
  await page.getByRole("textbox", { name: "Kortingscode" }).fill("timebonus25");
  await page.getByRole("button", { name: "Toepassen" }).click();
  await expect(page.getByTestId("discount-notice")).toHaveAttribute("data-code", "TIMEBONUS25");
  // 25% off 14,95 in whole cents, rounded half up: 11,21.
  await expect(page.getByTestId("offer-starter").getByTestId("price")).toHaveAttribute("data-cents", "1121");
  await expect(page.getByTestId("offer-starter").getByTestId("list-price")).toBeVisible();

  const total = await checkout(page, "starter", "ideal", "TIMEBONUS25");
  expect(total).toBe(1121);
  await expect(page.getByTestId("local-checkout")).toContainText("11,21");
  await expect(page.getByTestId("local-checkout")).toContainText("Rabobank");
  await finish(page, "paid");
  await expect(page.getByTestId("transaction")).toHaveAttribute("data-state", "completed");
  await expect(page.getByTestId("transaction-message")).toHaveText(`Bedankt! ${STARTER.credits} credits zijn aan je tegoed toegevoegd.`);
  expect(await balanceOn(page)).toBe(SIGNUP_CREDITS + STARTER.credits);

  // The first purchase made the member premium.
  await page.goto(brandUrl(BRAND, "/premium"));
  await expect(page.getByTestId("premium-status")).toHaveText("Je bent premium lid. Met een pakket vul je je credits aan.");

  await page.goto(brandUrl(BRAND, "/credits?code=TIMEBONUS25"));
  await expect(page.getByTestId("discount-error")).toHaveText("Code reeds gebruikt");
  // No discount is applied: the list price.
  await expect(page.getByTestId("offer-starter").getByTestId("price")).toHaveAttribute("data-cents", String(STARTER.cents));
  await page.goto(brandUrl(BRAND, "/credits?code=BESTAATNIET"));
  await expect(page.getByTestId("discount-error")).toHaveText("Code niet gevonden");
});

test("a failed card payment says so, offers PayPal, and PayPal then pays", async ({ page }) => {
  await signUp(page, BRAND, `Kaart ${tag()}`);
  await checkout(page, "popular", "creditcard");
  await finish(page, "failed");
  await expect(page.getByTestId("transaction")).toHaveAttribute("data-state", "failed");
  await expect(page.getByTestId("transaction-message")).toHaveText("De betaling is mislukt of geannuleeerd.");
  await expect(page.getByTestId("retry-other-method")).toHaveAttribute("href", "/credits/popular");

  await page.getByTestId("retry-paypal").click();
  await expect(page.getByTestId("payment-confirm")).toContainText("PayPal");
  await page.getByTestId("confirm-pay").click();
  await finish(page, "paid");
  await expect(page.getByTestId("transaction")).toHaveAttribute("data-state", "completed");
  expect(await balanceOn(page)).toBe(SIGNUP_CREDITS + POPULAR.credits);
});

test("a cancelled payment adds nothing and offers another method", async ({ page }) => {
  await signUp(page, BRAND, `Annuleer ${tag()}`);
  await checkout(page, "starter", "ideal");
  await finish(page, "canceled");
  await expect(page.getByTestId("transaction")).toHaveAttribute("data-state", "failed");
  await expect(page.getByTestId("transaction-message")).toHaveText("De betaling is mislukt of geannuleeerd.");
  await expect(page.getByTestId("retry-paypal")).toHaveCount(0);
  await page.goto(brandUrl(BRAND, "/transactions"));
  await expect(page.getByTestId("transaction-state")).toHaveText(["Mislukt of geannuleerd"]);
});

test("a pending payment shows as processing and completes on its own once paid", async ({ page, browser }) => {
  await signUp(page, BRAND, `Wacht ${tag()}`);
  await checkout(page, "popular", "ideal");
  const checkoutUrl = page.url();
  await finish(page, "pending");
  await expect(page.getByTestId("transaction")).toHaveAttribute("data-state", "pending");
  await expect(page.getByTestId("transaction-message")).toContainText("Je betaling wordt nog verwerkt.");

  // The payment is settled elsewhere (the bank app); this page follows without a reload.
  const bank = await openBrowser(browser, BRAND);
  try {
    await bank.page.goto(checkoutUrl);
    await expect(bank.page.getByTestId("local-checkout")).toHaveAttribute("data-status", "pending");
    await bank.page.getByTestId("checkout-paid").click();
  } finally {
    await bank.close();
  }
  await expect(page.getByTestId("transaction")).toHaveAttribute("data-state", "completed", { timeout: 15_000 });
  expect(await balanceOn(page)).toBe(SIGNUP_CREDITS + POPULAR.credits);
});
