import type { BrowserContext } from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT ?? 3199);

export function brandUrl(tenantId: string, path = "/"): string {
  return `http://${tenantId}.localhost:${PORT}${path}`;
}

/** Accept the adult-content warning up front, as a returning visitor would have. */
export async function acceptSiteEntry(context: BrowserContext, tenantId: string): Promise<void> {
  // Remix cookies hold base64 of their JSON value.
  await context.addCookies([{ name: "site_entry", value: encodeURIComponent(btoa(JSON.stringify(Date.now()))), domain: `${tenantId}.localhost`, path: "/" }]);
}
