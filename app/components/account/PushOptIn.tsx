import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root";
import { detectPushState, subscribeToPush, unsubscribeFromPush, type PushState } from "./push-state";

type Shown = PushState | "detecting" | "working" | "failed";

/**
 * Push notifications in this browser (docs/product/notifications.md#push): the state as the
 * browser has it now, a button to turn them on, and — where they are on — one to turn them off.
 */
export function PushOptIn() {
  const { t } = useTranslation(["account", "push"]);
  const publicKey = useRootData()?.pushPublicKey;
  const [state, setState] = useState<Shown>("detecting");
  useEffect(() => {
    void detectPushState().then(setState);
  }, []);
  if (state === "detecting" || !publicKey) return null;

  const run = async (change: () => Promise<PushState | "failed">) => {
    setState("working");
    setState(await change());
  };

  return (
    <div className="rounded-lg bg-gray-50 p-4 text-sm" data-testid="push-opt-in" data-state={state}>
      {state === "off" || state === "working" ? (
        <button type="button" onClick={() => void run(() => subscribeToPush(publicKey))} className="btn-primary" disabled={state === "working"} data-testid="push-enable">
          {t("completeSignup.push.enable")}
        </button>
      ) : (
        <p>{t(`completeSignup.push.${state}`)}</p>
      )}
      {state === "subscribed" ? (
        <button type="button" onClick={() => void run(unsubscribeFromPush)} className="btn-outline mt-3" data-testid="push-disable">
          {t("push:settings.disable")}
        </button>
      ) : null}
    </div>
  );
}
