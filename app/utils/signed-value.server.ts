import { createHmac, timingSafeEqual } from "node:crypto";
import { purposeKeys, signingKey } from "~/services/secrets/keys.server";

/**
 * Tamper-proof values for links that must work without a login (the unsubscribe link of a
 * mail). Signed with the unsubscribe key of the newest secret; older secrets still verify, so
 * secrets can rotate.
 */
export function signValue(value: string): string {
  return `${value}.${mac(value, signingKey("unsubscribe-link"))}`;
}

export function verifySignedValue(signed: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  for (const secret of purposeKeys("unsubscribe-link")) {
    const expected = Buffer.from(mac(value, secret));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return value;
  }
  return null;
}

function mac(value: string, secret: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}
