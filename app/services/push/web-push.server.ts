import webpush from "web-push";
import { vapidKeys } from "./vapid.server";

/** The push services of the browsers that can subscribe (Chrome, Firefox, Safari, Edge). */
const KNOWN_PUSH_HOSTS = ["fcm.googleapis.com", ".push.services.mozilla.com", ".push.apple.com", ".notify.windows.com"];

/**
 * Whether the server may send pushes to this endpoint: one of the browsers' push services over
 * HTTPS, or a host the deployment adds (PUSH_ENDPOINT_HOSTS: tests, private push services), which
 * may also be plain HTTP. Anything else would let a member make the server call any address.
 */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (extraHosts.includes(host)) return url.protocol === "https:" || url.protocol === "http:";
  if (url.protocol !== "https:" || url.port !== "") return false;
  return KNOWN_PUSH_HOSTS.some((known) => (known.startsWith(".") ? host.endsWith(known) : host === known));
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Replaces an undelivered push with the same topic at the push service. */
  topic: string;
  /** Seconds the push service keeps it for an offline browser. */
  ttlSeconds: number;
  /** Who runs the server, for the push service (a mailto: or https: address). */
  contact: string;
}

/**
 * Sends one encrypted push (RFC 8291) signed with our VAPID key (RFC 8292). The library makes the
 * request; it goes out with fetch, so a push service on plain HTTP (PUSH_ENDPOINT_HOSTS) works
 * too. Answers the push service's status; throws on a network failure or timeout.
 */
export async function sendPush(target: PushTarget, payload: unknown, options: PushOptions): Promise<number> {
  const keys = vapidKeys();
  const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
    vapidDetails: { subject: options.contact, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: options.ttlSeconds,
    topic: options.topic,
    urgency: "normal",
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
  }
  const response = await fetch(details.endpoint, { method: details.method, headers, body: new Uint8Array(details.body), signal: AbortSignal.timeout(10_000) });
  await response.body?.cancel();
  return response.status;
}
