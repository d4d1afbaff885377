import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { purposeKeys, signingKey, type KeyPurpose } from "./keys.server";

/**
 * Text kept encrypted at rest (AES-256-GCM with the purpose's key): a leaked table alone does
 * not give the secrets away. Sealed with the newest key; any of the keys opens, so secrets rotate.
 */
export function seal(purpose: KeyPurpose, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(signingKey(purpose), "base64url"), iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The text, or null when it was not sealed with one of the purpose's keys or was changed. */
export function unseal(purpose: KeyPurpose, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !body) return null;
  for (const key of purposeKeys(purpose)) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", Buffer.from(key, "base64url"), Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      // Another key, or tampered: try the next.
    }
  }
  return null;
}
