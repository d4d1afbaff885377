import { createECDH } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ok, problem, type Check, type Finding } from "./check";
import { writableFolder } from "./writable-folder";

/**
 * What is wrong with a VAPID key pair (RFC 8292: a P-256 key, the public one as the 65-byte
 * uncompressed point, both base64url), or null: the public key must be the private key's own,
 * or every browser's push service refuses the signature.
 */
export function vapidProblem(publicKey: string, privateKey: string): string | null {
  const base64url = /^[A-Za-z0-9_-]+$/;
  const publicBytes = base64url.test(publicKey) ? Buffer.from(publicKey, "base64url") : Buffer.alloc(0);
  if (publicBytes.length !== 65 || publicBytes[0] !== 4) return "VAPID_PUBLIC_KEY is not a P-256 public key (87 base64url characters from `npx web-push generate-vapid-keys`)";
  const privateBytes = base64url.test(privateKey) ? Buffer.from(privateKey, "base64url") : Buffer.alloc(0);
  if (privateBytes.length !== 32) return "VAPID_PRIVATE_KEY is not a P-256 private key (43 base64url characters from `npx web-push generate-vapid-keys`)";
  const curve = createECDH("prime256v1");
  try {
    curve.setPrivateKey(privateBytes);
  } catch {
    return "VAPID_PRIVATE_KEY is not a valid P-256 private key";
  }
  if (!curve.getPublicKey().equals(publicBytes)) return "VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY: set both from the same `npx web-push generate-vapid-keys` output";
  return null;
}

/** The web-push identity (app/services/push/vapid.server.ts): set, well-formed and one pair. */
export const pushCheck: Check = {
  name: "push keys",
  settings: ["VAPID_", "LOCAL_SERVICES", "NODE_ENV", "DATA_DIR"],
  async run(env): Promise<Finding[]> {
    if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
      if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return [problem("only one of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY is set: set both, from one `npx web-push generate-vapid-keys`")];
      const wrong = vapidProblem(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY);
      return [wrong ? problem(wrong) : ok("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are a valid P-256 pair")];
    }
    if (!env.localServices) return [problem("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: required when LOCAL_SERVICES is off; make a pair with `npx web-push generate-vapid-keys`")];
    const file = path.resolve(env.DATA_DIR, "vapid.json");
    if (!existsSync(file)) {
      const unwritable = await writableFolder(path.resolve(env.DATA_DIR));
      return [unwritable ? problem(`the local key pair cannot be made: ${unwritable}`) : ok(`LOCAL_SERVICES=1: a key pair is made at the first start in ${file}`)];
    }
    try {
      const keys = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: string; privateKey?: string };
      const wrong = vapidProblem(keys.publicKey ?? "", keys.privateKey ?? "");
      return [wrong ? problem(`${file}: ${wrong}; delete the file and the server makes a new pair`) : ok(`LOCAL_SERVICES=1: the local key pair in ${file} is valid`)];
    } catch (error) {
      return [problem(`${file} cannot be read: ${error instanceof Error ? error.message : String(error)}; delete it and the server makes a new pair`)];
    }
  },
};
