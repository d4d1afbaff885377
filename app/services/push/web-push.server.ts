import webpush from "web-push";
import { env } from "~/env.server";
import { publicRequest } from "~/services/http/public-request.server";
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

/** What sendPush answers for an endpoint the server may not call: as a push service that forgot the browser, so its subscription goes. */
const GONE = 410;

/**
 * Sends one encrypted push (RFC 8291) signed with our VAPID key (RFC 8292). The library makes the
 * request; it goes out through publicRequest, so a push service on plain HTTP (PUSH_ENDPOINT_HOSTS)
 * works too. The allow-list is checked again here, for subscriptions stored before it existed or
 * hosts taken off it, and the host must resolve to a public address unless PUSH_ENDPOINT_HOSTS
 * names it; a redirect is not followed (review N-L-6). Answers the push service's status; throws
 * on a network failure or timeout.
 */
export async function sendPush(target: PushTarget, payload: unknown, options: PushOptions): Promise<number> {
  const allowedHosts = env().pushEndpointHosts;
  if (!isAllowedPushEndpoint(target.endpoint, allowedHosts)) return GONE;
  const keys = vapidKeys();
  const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
    vapidDetails: { subject: options.contact, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: options.ttlSeconds,
    topic: options.topic,
    urgency: "normal",
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== "content-length") headers[name.toLowerCase()] = String(value);
  }
  const answer = await publicRequest(details.endpoint, { method: "POST", headers, body: details.body, allowedHosts, timeoutMs: 10_000 });
  return answer.status;
}
