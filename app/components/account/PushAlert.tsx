import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root";
import { DismissableAlert } from "./DismissableAlert";
import { detectPushState, subscribeToPush, type PushState } from "./push-state";

/**
 * The push alert (docs/product/notifications.md#alerts): offers push where this browser can do it
 * and is not subscribed, and explains how to allow notifications where the member blocked them.
 * Decided in the browser after the page loaded: only the browser knows its push state.
 */
export function PushAlert() {
  const { t } = useTranslation("push");
  const root = useRootData();
  const [state, setState] = useState<PushState | "working" | "failed" | null>(null);
  useEffect(() => {
    void detectPushState().then(setState);
  }, []);
  const publicKey = root?.pushPublicKey;
  if (!publicKey || (state !== "off" && state !== "denied" && state !== "working" && state !== "failed")) return null;
  if (state === "denied") {
    return (
      <DismissableAlert alert="push" tone="warning" testId="push-alert">
        <p className="font-semibold">{t("alert.deniedTitle")}</p>
        <p className="mt-1">{t("alert.deniedBody", { siteName: root.brand.name })}</p>
      </DismissableAlert>
    );
  }
  return (
    <DismissableAlert
      alert="push"
      tone="info"
      testId="push-alert"
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
    >
      <p className="font-semibold">{t("alert.title")}</p>
      <p className="mt-1">{state === "failed" ? t("alert.failed") : t("alert.body")}</p>
    </DismissableAlert>
  );
}
