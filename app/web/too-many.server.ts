import { data } from "@remix-run/node";
import { getFixedT } from "~/i18n/i18next.server";
import type { Language } from "~/domain/languages";

/** The minutes to show for a wait of this many seconds (at least one). */
export function waitMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** The status and header of an answer refused by a rate limit (docs/product/safety.md#rate-limits). */
export function tooManyInit(retryAfterSeconds: number): ResponseInit {
  return { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } };
}

/** A script's call refused by a rate limit: 429, Retry-After and the translated reason as JSON. */
export async function tooManyCall(retryAfterSeconds: number, language: Language) {
  const t = await getFixedT(language, "security");
  return data({ error: "too_many_requests", message: t("tooMany", { minutes: waitMinutes(retryAfterSeconds) }) }, tooManyInit(retryAfterSeconds));
}
