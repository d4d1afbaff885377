import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root";
import { useNonce } from "~/utils/nonce";
import { DismissableAlert } from "./DismissableAlert";
import { detectPushState, subscribeToPush, type PushState } from "./push-state";

/**
 * Runs as the server's HTML is parsed, before the first paint, and unhides the offer around it
 * where the browser can push and was never asked (permission "default": no subscription can exist
 * yet), the one state known without waiting. There the alert shows from the first paint instead of
 * pushing the page down once the scripts have run (a layout shift, and a late largest paint).
 * Elsewhere the offer stays hidden until the state is known.
 */
const GUESS_SCRIPT =
  "(function(s,n){if('serviceWorker'in navigator&&'PushManager'in window&&n&&n.permission==='default')s.parentNode.hidden=false})(document.currentScript,window.Notification)";

/**
 * The push alert (docs/product/notifications.md#alerts): offers push where this browser can do it
 * and is not subscribed, and explains how to allow notifications where the member blocked them.
 * Decided in the browser after the page loaded: only the browser knows its push state.
 */
export function PushAlert() {
  const { t } = useTranslation("push");
  const root = useRootData();
  const nonce = useNonce();
  const [state, setState] = useState<PushState | "working" | "failed" | null>(null);
  useEffect(() => {
    void detectPushState().then(setState);
  }, []);
  const publicKey = root?.pushPublicKey;
  // Until the browser's state is known (the server's render, hydration): the offer, hidden unless GUESS_SCRIPT saw "off".
  const guessing = state === null;
  if (!publicKey || (!guessing && state !== "off" && state !== "denied" && state !== "working" && state !== "failed")) return null;
  if (state === "denied") {
    return (
      <DismissableAlert alert="push" tone="warning" testId="push-alert" title={t("alert.deniedTitle")} body={t("alert.deniedBody", { siteName: root.brand.name })} />
    );
  }
  // The same element while guessing and after, so the alert stays in place once the state is known.
  // The `hidden` attribute (not a class) keeps the banners' spacing right while it is hidden.
  return (
    <div hidden={guessing} suppressHydrationWarning>
      {guessing ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: GUESS_SCRIPT }} /> : null}
      <DismissableAlert
        alert="push"
        tone="info"
        testId="push-alert"
        title={t("alert.title")}
        body={state === "failed" ? t("alert.failed") : t("alert.body")}
        actions={
          <button
            type="button"
            className="btn-primary px-3 py-1"
            disabled={state === "working"}
            onClick={() => {
              setState("working");
              void subscribeToPush(publicKey).then(setState);
            }}
            data-testid="push-alert-enable"
          >
            {t("alert.enable")}
          </button>
        }
      />
    </div>
  );
}
