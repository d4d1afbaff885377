import { apiSend } from "~/utils/api-call";

/**
 * Web push in this browser (docs/product/notifications.md#push): detected afresh on every page
 * load, never remembered, since the member can change it in the browser at any time.
 * - unsupported: no service worker, push or notifications here
 * - denied: the member blocked notifications for the site
 * - subscribed: this browser has a subscription
 * - off: possible, not (or no longer) subscribed
 */
export type PushState = "unsupported" | "denied" | "subscribed" | "off";

export const SERVICE_WORKER_URL = "/sw-push.js?v=2";

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function detectPushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  try {
    return (await currentSubscription()) ? "subscribed" : "off";
  } catch {
    return "off";
  }
}

function base64UrlToBytes(value: string): Uint8Array {
  const padded = `${value}${"=".repeat((4 - (value.length % 4)) % 4)}`.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

/** Asks for permission, subscribes and stores the subscription; the state it ends in, or "failed". */
export async function subscribeToPush(publicKey: string): Promise<PushState | "failed"> {
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    if ((await Notification.requestPermission()) !== "granted") return Notification.permission === "denied" ? "denied" : "off";
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey).buffer as ArrayBuffer });
    const stored = await apiSend("/api/push/subscribe", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(subscription.toJSON()) });
    return stored ? "subscribed" : "failed";
  } catch {
    return "failed";
  }
}

/** Ends this browser's subscription, here and on the server. */
export async function unsubscribeFromPush(): Promise<PushState | "failed"> {
  try {
    const subscription = await currentSubscription();
    if (subscription) {
      await apiSend("/api/push/unsubscribe", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ endpoint: subscription.endpoint }) });
      await subscription.unsubscribe();
    }
    return "off";
  } catch {
    return "failed";
  }
}
