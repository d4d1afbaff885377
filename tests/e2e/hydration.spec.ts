import { acceptSiteEntry, brandUrl, expect, test } from "./helpers";

const BRAND = "herchoice";
const DEMO = { email: `free.${BRAND}@demo.invalid`, password: "demo-password-2026" };

declare global {
  interface Window {
    __reactWorkHeld?: boolean;
  }
}

/**
 * Runs before the page's own scripts, on the first document of the tab only: React's scheduled
 * work waits until the visitor first types or presses. That is the page of a busy phone, where the
 * browser runs a key or a tap before the render React scheduled when the page's script called
 * hydrateRoot (input goes first). React then hydrates the page at once, inside the event, and that
 * render must not wait for anything: it waited for the page's data, which was React error 345 and
 * a lost tap (docs/decisions/037-hydration-start.md). React's scheduler takes `setImmediate` when
 * the browser has one, so that is where its work is held; `__reactWorkHeld` tells that
 * hydrateRoot has been called.
 */
function holdReactUntilFirstInput() {
  if (sessionStorage.getItem("react-work-held")) return;
  sessionStorage.setItem("react-work-held", "1");
  type Task = () => void;
  const channel = new MessageChannel();
  const due: Task[] = [];
  channel.port1.onmessage = () => due.shift()?.();
  const post = (task: Task) => {
    due.push(task);
    channel.port2.postMessage(null);
  };
  let held: Task[] | null = [];
  Object.assign(window, {
    setImmediate(callback: (...args: unknown[]) => void, ...args: unknown[]) {
      const task = () => callback(...args);
      if (held) {
        held.push(task);
        window.__reactWorkHeld = true;
      } else post(task);
    },
  });
  // Released as later tasks: React's own listeners still meet this event first.
  const release = () => {
    if (!held) return;
    for (const task of held) post(task);
    held = null;
  };
  for (const type of ["keydown", "input", "pointerdown", "mousedown"]) window.addEventListener(type, release, { capture: true });
}

test("a login typed and sent before React's first render of the page hydrates it at once and is sent", async ({ page, context }) => {
  await acceptSiteEntry(context, BRAND);
  await page.addInitScript(holdReactUntilFirstInput);
  await page.goto(brandUrl(BRAND, "/login"));
  await page.waitForFunction(() => window.__reactWorkHeld === true);

  await page.locator('input[name="email"]').fill(DEMO.email);
  await page.locator('input[name="password"]').fill("not-the-password");
  const [sent] = await Promise.all([page.waitForRequest((request) => request.method() === "POST"), page.getByTestId("login-submit").click()]);
  // Sent by the hydrated page, not by the browser's own form submission.
  expect(sent.resourceType()).toBe("fetch");
  await expect(page.getByTestId("login-error")).toHaveText("Login failed, please try again");

  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(brandUrl(BRAND, "/"));
  await expect(page.getByTestId("account-menu")).toBeVisible();
});
