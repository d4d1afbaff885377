import { createHmac, timingSafeEqual } from "node:crypto";
import { purposeKeys, signingKey } from "~/services/secrets/keys.server";
import { assertStorageKey } from "./storage";

const HOUR_MS = 60 * 60 * 1000;

/** Where private files (chat photos, a profile's photos beyond the first) are served from. */
export const PRIVATE_MEDIA_PREFIX = "/private-media";

/**
 * The files a signed link may serve: the photos of chats, of members (`photos/`) and of the demo
 * members (`seed/`, which the operators' photo picker and premium viewers also see through signed
 * links), nothing else that storage holds.
 */
const PRIVATE_MEDIA_KEY = /^(chat|photos|seed)\/[a-z0-9/_-]+\.webp$/;

export function isPrivateMediaKey(key: string): boolean {
  return PRIVATE_MEDIA_KEY.test(key) && !key.includes("..") && !key.includes("//");
}

function mac(key: string, expires: number, secret: string): string {
  return createHmac("sha256", secret).update(`${key}\n${expires}`).digest("base64url");
}

/**
 * A short-lived link to a private file (review L-3): valid until the end of the next full hour,
 * so the same page view (and the browser's cache) sees the same URL for a while, and a link that
 * was forwarded, logged or kept in a history stops working within two hours.
 */
export function signedMediaUrl(key: string, now = new Date()): string {
  assertStorageKey(key);
  // A link /private-media would refuse is a broken image on the page: fail where it is made instead.
  if (!isPrivateMediaKey(key)) throw new Error(`Not a private media key: ${key}`);
  const expires = Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS / 1000 + HOUR_MS / 1000;
  return `${PRIVATE_MEDIA_PREFIX}/${key}?e=${expires}&s=${mac(key, expires, signingKey("photo-url"))}`;
}

/** Seconds the link still lives, or null when its signature is wrong or it expired. */
export function verifyMediaLink(key: string, expires: string | null, signature: string | null, now = new Date()): number | null {
  const until = Number(expires);
  if (!Number.isSafeInteger(until) || !signature) return null;
  const left = until - Math.floor(now.getTime() / 1000);
  if (left <= 0) return null;
  const given = Buffer.from(signature);
  const valid = purposeKeys("photo-url").some((secret) => {
    const expected = Buffer.from(mac(key, until, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? left : null;
}
