import type { Browser, Page } from "@playwright/test";
import { generate } from "otplib";
import { brandUrl, expect, giveOwnAddress } from "./helpers";

// The demo staff of the quick start (README, db/seed/demo-accounts.server.ts).
export const STAFF_PASSWORD = "demo-password-2026";
const STAFF_TOTP = "DEMOSTAFFTOTPKEYDEMOSTAFFTOTPKEY";
const STEP_MS = 30_000;

/**
 * A fresh browser in which a staff member logs in as a person does: /staff, password, then the
 * app's code. A code is taken once per person (docs/product/staff.md#staff-accounts): when another
 * test logged the same person in during this code's 30 seconds, the code is refused and the test
 * types the next one (waiting up to 30 s for it, which did not fit a test's time, only when that
 * one was taken too). `onStep` looks at each step's page before
 * it is filled in.
 */
export async function staffLogin(browser: Browser, tenantId: string, email: string, onStep?: (page: Page, step: "password" | "code") => Promise<void>): Promise<Page> {
  const context = await browser.newContext();
  await giveOwnAddress(context);
  const page = await context.newPage();
  await page.goto(brandUrl(tenantId, "/staff"));
  await expect(page).toHaveURL(brandUrl(tenantId, "/staff/login"));
  await onStep?.(page, "password");
  const form = page.getByTestId("staff-login-form");
  await form.getByLabel(/E-mail/).fill(email);
  await form.getByLabel(/Wachtwoord|Password|Lösenord/).fill(STAFF_PASSWORD);
  await form.getByRole("button").click();
  await expect(page).toHaveURL(brandUrl(tenantId, "/staff/login/code"));
  await onStep?.(page, "code");
  for (let attempt = 0; ; attempt++) {
    // The code now; refused, the code of the next step, which the app also takes (it allows one step
    // of clock drift); refused again, the next step's after a wait for the step to change.
    const epoch = Math.floor(Date.now() / 1000) + (attempt === 0 ? 0 : STEP_MS / 1000);
    await page.getByTestId("staff-code-form").getByRole("textbox").fill(await generate({ secret: STAFF_TOTP, epoch }));
    await page.getByTestId("staff-code-form").getByRole("button").click();
    const refused = page.getByTestId("staff-code-error");
    await expect(refused.or(page.getByTestId("staff-logout"))).toBeVisible();
    if (!(await refused.isVisible()) || attempt === 2) break;
    if (attempt === 1) await page.waitForTimeout(STEP_MS - (Date.now() % STEP_MS) + 500);
    // A fresh form: the next answer must not be read from this refusal, still on the page.
    await page.reload();
  }
  await expect(page).not.toHaveURL(/\/staff\/login/);
  return page;
}
