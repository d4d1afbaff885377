// What the site must do for a keyboard (docs/product/site.md#accessibility): show where the focus
// is; in a modal, keep the focus inside while open and close on Escape giving the focus back.
import type { Locator, Page } from "@playwright/test";
import { expect } from "./helpers";

/** The <dialog> around a modal's panel (the panel carries the modal's test id). */
function dialogOf(panel: Locator): Locator {
  return panel.locator("xpath=ancestor-or-self::dialog");
}

/** Where the focus is, as a label for messages, and whether it is inside the dialog. */
async function focus(dialog: Locator): Promise<{ inside: boolean; element: string }> {
  return dialog.evaluate((element) => {
    const active = document.activeElement;
    // Each element focused gets a number of its own, so two alike controls count as two.
    if (active && !active.hasAttribute("data-focus-probe")) active.setAttribute("data-focus-probe", String(document.querySelectorAll("[data-focus-probe]").length));
    const label = active ? `${active.tagName.toLowerCase()} #${active.getAttribute("data-focus-probe")} "${(active.textContent ?? "").trim().slice(0, 30)}"` : "nothing";
    return { inside: element.contains(active), element: label };
  });
}

/**
 * The modal is open as a modal (the page behind it inert), the focus is inside, and Tab and
 * Shift+Tab go round its controls without ever leaving it.
 */
export async function expectFocusTrapped(page: Page, panel: Locator): Promise<void> {
  await expect(panel).toBeVisible();
  const dialog = dialogOf(panel);
  await expect.poll(() => dialog.evaluate((element) => element.matches(":modal")), { message: "opened as a modal" }).toBe(true);
  await expect.poll(async () => (await focus(dialog)).inside, { message: "the focus moves into the modal" }).toBe(true);
  const seen = new Set<string>();
  const controls = await dialog.evaluate(
    (element) => [...element.querySelectorAll('a[href], button:not(:disabled), input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])')].filter((control) => control.getClientRects().length > 0).length,
  );
  expect(controls, "the modal has controls").toBeGreaterThan(0);
  for (let press = 0; press < controls * 2 + 1; press++) {
    await page.keyboard.press("Tab");
    const now = await focus(dialog);
    expect(now.inside, `Tab ${press + 1} keeps the focus in the modal (it is on ${now.element})`).toBe(true);
    seen.add(now.element);
  }
  expect(seen.size, "Tab reaches every control of the modal, then starts over").toBe(controls);
  for (let press = 0; press < 2; press++) {
    await page.keyboard.press("Shift+Tab");
    const now = await focus(dialog);
    expect(now.inside, `Shift+Tab keeps the focus in the modal (it is on ${now.element})`).toBe(true);
  }
}

/** Escape closes the modal and the focus goes to `returnsTo` (where it was before, or where the modal sends it). */
export async function expectEscapeCloses(page: Page, panel: Locator, returnsTo: Locator | null): Promise<void> {
  await page.keyboard.press("Escape");
  await expect(panel, "Escape closes the modal").toHaveCount(0);
  if (returnsTo) await expect(returnsTo, "the focus goes back").toBeFocused();
}

/** Tabs through the first `presses` stops of the page: each focused element shows an outline or a ring. */
export async function expectVisibleFocus(page: Page, presses: number): Promise<void> {
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return { label: "nothing", shown: true };
      const style = getComputedStyle(active);
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
      // Tailwind's rings are box shadows.
      const ring = style.boxShadow !== "none" && style.boxShadow !== "";
      return { label: `${active.tagName.toLowerCase()} "${(active.textContent ?? "").trim().slice(0, 30)}"`, shown: outline || ring };
    });
    expect(focused.shown, `the focus shows on ${focused.label}`).toBe(true);
  }
}
