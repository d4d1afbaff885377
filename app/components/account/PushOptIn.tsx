import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/utils/use-hydrated";

type PushState = "unsupported" | "idle" | "working" | "subscribed" | "denied" | "failed";

function base64UrlToBytes(value: string): Uint8Array {
  const padded = `${value}${"=".repeat((4 - (value.length % 4)) % 4)}`.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** Asks for notification permission and stores the browser's push subscription (docs/product/notifications.md#push). */
export function PushOptIn({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const [state, setState] = useState<PushState>("idle");
  if (!hydrated) return null;
  const shown: PushState = !supported() ? "unsupported" : Notification.permission === "denied" && state === "idle" ? "denied" : state;

  async function subscribe() {
    setState("working");
    try {
      const registration = await navigator.serviceWorker.register("/sw-push.js?v=2");
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey).buffer as ArrayBuffer,
      });
      const response = await fetch("/api/push/subscribe", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      });
      setState(response.ok ? "subscribed" : "failed");
    } catch {
      setState("failed");
    }
  }

  return (
    <div className="rounded-lg bg-gray-50 p-4 text-sm" data-testid="push-opt-in" data-state={shown}>
      {shown === "idle" || shown === "working" ? (
        <button type="button" onClick={subscribe} className="btn-primary" disabled={shown === "working"}>
          {t("completeSignup.push.enable")}
        </button>
      ) : (
        <p>{t(`completeSignup.push.${shown}`)}</p>
      )}
    </div>
  );
}
