import { flashCookie } from "~/utils/cookies.server";

export interface Flash {
  tone: "success" | "danger" | "info";
  /** A key of the `account` catalogue. */
  key: string;
}

/** Set-Cookie for a message shown once on the next page. */
export function setFlash(flash: Flash): Promise<string> {
  return flashCookie.serialize(flash);
}

/** The waiting message, if any, and the Set-Cookie that removes it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value = (await flashCookie.parse(request.headers.get("cookie"))) as unknown;
  if (!value || typeof value !== "object") return { flash: null, clear: null };
  const { tone, key } = value as Partial<Flash>;
  const valid = (tone === "success" || tone === "danger" || tone === "info") && typeof key === "string";
  return { flash: valid ? { tone, key } : null, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}
