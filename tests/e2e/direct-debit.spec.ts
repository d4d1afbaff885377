import type { Page } from "@playwright/test";
import { brandUrl, expect, test } from "./helpers";
import { logIn, send, signUp, tag } from "./member-setup";

const BRAND = "flirtpunt";
const PHONE = "+31612345678";
// flirtpunt's "starter" bundle.
const STARTER_CREDITS = 100;
// A confirmed member of a month (the demo data): direct debit is for members who are not brand new.
const ESTABLISHED = { email: `free.${BRAND}@demo.invalid`, password: "demo-password-2026" };

/** The code in the newest SMS to the phone, as read on the local outbox page. */
async function codeFromOutbox(page: Page): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(brandUrl(BRAND, "/dev/sms"));
    const body = await outbox.locator(`[data-testid="sms"][data-to="${PHONE}"]`).first().getByTestId("sms-body").textContent();
    const code = /\b(\d{6})\b/.exec(body ?? "")?.[1];
    if (!code) throw new Error(`no code in: ${body}`);
    return code;
  } finally {
    await outbox.close();
  }
}

test("a member who just signed up is told why direct debit is not there yet, and no form is shown", async ({ page }) => {
  await signUp(page, BRAND, `Nieuw ${tag()}`);
  await page.goto(brandUrl(BRAND, "/credits"));
  await page.goto(brandUrl(BRAND, "/directdebit?product=starter"));
  await expect(page.getByTestId("dd-held-back")).toContainText("zodra je je e-mailadres hebt bevestigd");
  await expect(page.getByTestId("dd-form")).toHaveCount(0);
});

test("an established member buys the starter bundle by direct debit, confirmed with the SMS code", async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, BRAND, ESTABLISHED.email, ESTABLISHED.password);
  await page.goto(brandUrl(BRAND, "/chats"));
  const creditsBefore = Number(await page.getByTestId("chat-credits").getAttribute("data-credits"));
  await page.goto(brandUrl(BRAND, "/directdebit?product=starter"));
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("dd-purchase")).toContainText("100 credits");

  // Without script the server answers a wrong IBAN with the form as typed and the error.
  const fields = { intent: "mandate", product: "starter", account_holder: "D. Jansen", iban: "NL91ABNA0417164301", street: "Kerkstraat", house_number: "7", zip: "1017 GB", city: "Amsterdam", phone: PHONE, consent: "on" };
  const refused = await send(page, BRAND, "/directdebit?product=starter", { fields });
  expect(refused.status).toBe(400);
  expect(refused.html).toContain("Dit IBAN is ongeldig. Controleer je rekeningnummer.");
  expect(refused.html).toContain('value="Kerkstraat"');
  expect(refused.html).toContain('value="NL91ABNA0417164301"');

  // In the browser: a wrong IBAN shows the error and keeps every field.
  const form = page.getByTestId("dd-form");
  await form.getByLabel("Naam rekeninghouder", { exact: true }).fill("D. Jansen");
  await form.getByLabel("IBAN", { exact: true }).fill("NL91 ABNA 0417 1643 01");
  await form.getByLabel("Straat", { exact: true }).fill("Kerkstraat");
  await form.getByLabel("Huisnummer", { exact: true }).fill("7");
  await form.getByLabel("Postcode", { exact: true }).fill("1017 GB");
  await form.getByLabel("Woonplaats", { exact: true }).fill("Amsterdam");
  await form.getByLabel("Mobiel nummer", { exact: true }).fill(PHONE);
  await form.getByRole("checkbox").check();
  await page.getByTestId("dd-submit").click();
  await expect(form.getByText("Dit IBAN is ongeldig. Controleer je rekeningnummer.")).toBeVisible();
  await expect(form.getByLabel("Naam rekeninghouder", { exact: true })).toHaveValue("D. Jansen");
  await expect(form.getByLabel("Woonplaats", { exact: true })).toHaveValue("Amsterdam");
  await expect(form.getByLabel("Mobiel nummer", { exact: true })).toHaveValue(PHONE);
  await expect(form.getByRole("checkbox")).toBeChecked();

  // A valid IBAN: the code goes out by SMS and the code step opens.
  await form.getByLabel("IBAN", { exact: true }).fill("NL91ABNA0417164300");
  await Promise.all([page.waitForURL(/\/directdebit\?request=\d+$/), page.getByTestId("dd-submit").click()]);
  await expect(page.getByTestId("dd-code-step")).toContainText("+31 6 12345678");
  const code = await codeFromOutbox(page);

  // A wrong code first.
  const wrongCode = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
  await page.getByLabel("Sms-code", { exact: true }).fill(wrongCode);
  await page.getByTestId("dd-verify").click();
  await expect(page.getByText("Code ongeldig", { exact: true })).toBeVisible();
  await expect(page.getByText("Nog 4 pogingen.")).toBeVisible();

  // The right one lands on the order's transaction page.
  await page.getByLabel("Sms-code", { exact: true }).fill(code);
  await Promise.all([page.waitForURL(/\/transactions\/\d+$/), page.getByTestId("dd-verify").click()]);

  // The credits are there at once.
  await page.goto(brandUrl(BRAND, "/chats"));
  await expect(page.getByTestId("chat-credits")).toHaveAttribute("data-credits", String(creditsBefore + STARTER_CREDITS));
});
