import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { env } from "~/env.server";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

let keys: VapidKeys | undefined;

/**
 * The server's web-push identity: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or with the local
 * services a pair generated once and kept in DATA_DIR (every server on one data dir shares it).
 */
export function vapidKeys(): VapidKeys {
  if (keys) return keys;
  const config = env();
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    keys = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  } else if (config.localServices) {
    const file = path.resolve(config.DATA_DIR, "vapid.json");
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
    }
    keys = JSON.parse(readFileSync(file, "utf8")) as VapidKeys;
  } else {
    throw new Error("Invalid environment variable VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when LOCAL_SERVICES is off");
  }
  return keys;
}
