import { test as base, expect, type BrowserContext } from "@playwright/test";

/** Every page must run its scripts without an uncaught error or a blocked script or style. */
export const test = base.extend<{ failOnPageError: void }>({
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && message.text().includes("Content Security Policy")) errors.push(message.text());
      });
      await use();
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export const PORT = Number(process.env.E2E_PORT ?? 3199);

export function brandUrl(tenantId: string, path = "/"): string {
  return `http://${tenantId}.localhost:${PORT}${path}`;
}

/** Accept the adult-content warning up front, as a returning visitor would have. */
export async function acceptSiteEntry(context: BrowserContext, tenantId: string): Promise<void> {
  // Remix cookies hold base64 of their JSON value.
  await context.addCookies([{ name: "site_entry", value: encodeURIComponent(btoa(JSON.stringify(Date.now()))), domain: `${tenantId}.localhost`, path: "/" }]);
}
