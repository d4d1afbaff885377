import { hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env, requireSessionSecrets } from "~/env.server";

/** What a key signs; each purpose gets its own key, so a value signed for one is worthless for another. */
export type KeyPurpose = "session-cookie" | "unsubscribe-link" | "sms-code" | "photo-url" | "totp-secret" | "login-step" | "staff-session" | "ban-notice" | "support-case" | "tracking" | "mandate-fingerprint" | "recovery-code" | "log-id" | "consent-cookie";

const TEST_SECRET = "test-only-secret-never-used-outside-the-test-runner";

let roots: string[] | undefined;

/**
 * SESSION_SECRETS (newest first), or without them a random secret made once and kept in
 * DATA_DIR (the local services and the test runner only; env.server.ts refuses anything else),
 * so that no server ever runs on a secret that is written down somewhere.
 */
function rootSecrets(): string[] {
  if (roots) return roots;
  const config = env();
  requireSessionSecrets(config);
  if (config.sessionSecrets.length > 0) {
    roots = config.sessionSecrets;
  } else if (config.NODE_ENV === "test" && !config.localServices) {
    roots = [TEST_SECRET];
  } else {
    const file = path.resolve(config.DATA_DIR, "secret.key");
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    }
    roots = [readFileSync(file, "utf8").trim()];
  }
  return roots;
}

const derived = new Map<KeyPurpose, string[]>();

/**
 * The keys of one purpose, newest first (one per secret, so older secrets still verify after a
 * rotation), derived from the secrets with HKDF-SHA256 and the purpose as its info.
 */
export function purposeKeys(purpose: KeyPurpose): string[] {
  let keys = derived.get(purpose);
  if (!keys) {
    keys = rootSecrets().map((secret) => Buffer.from(hkdfSync("sha256", secret, "", `dating-platform/${purpose}`, 32)).toString("base64url"));
    derived.set(purpose, keys);
  }
  return keys;
}

/** The key new values of a purpose are signed with. */
export function signingKey(purpose: KeyPurpose): string {
  return purposeKeys(purpose)[0]!;
}
