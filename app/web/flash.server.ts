import { randomUUID } from "node:crypto";
import { flashCookie } from "~/web/cookies.server";

export interface Flash {
  tone: "success" | "danger" | "info";
  /** A key of the `account` catalogue. */
  key: string;
}

/** A flash as the page gets it: `id` tells two equal messages in a row apart, so each one shows. */
export type ShownFlash = Flash & { id: string };

/** Set-Cookie for a message shown once on the next page. */
export function setFlash(flash: Flash): Promise<string> {
  return flashCookie.serialize({ ...flash, id: randomUUID() });
}

/** The waiting message, if any, and the Set-Cookie that removes it. */
export async function takeFlash(request: Request): Promise<{ flash: ShownFlash | null; clear: string | null }> {
  const value = (await flashCookie.parse(request.headers.get("cookie"))) as unknown;
  if (!value || typeof value !== "object") return { flash: null, clear: null };
  const { tone, key, id } = value as Partial<ShownFlash>;
  const valid = (tone === "success" || tone === "danger" || tone === "info") && typeof key === "string";
  return { flash: valid ? { tone, key, id: typeof id === "string" ? id : key } : null, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}
