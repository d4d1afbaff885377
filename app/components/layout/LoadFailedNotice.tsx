import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { loadFailure, serverLoadFailure, subscribeLoadFailure, tryLoadsAgain } from "~/utils/page-data-retry";

/**
 * Shown in the browser's top layer (a manual popover) where the browser has one: a modal dialog
 * that is open makes the rest of the page inert, and a form in the dialog may be what failed.
 */
function intoTopLayer(element: HTMLDivElement | null): void {
  if (!element || typeof element.showPopover !== "function") return;
  element.setAttribute("popover", "manual");
  element.showPopover();
}

/**
 * Says that a page, a reload or a form's answer could not be fetched after all its attempts, over
 * the page that stays as it was (docs/product/site.md#when-the-network-fails); "Probeer opnieuw"
 * sends what waits again. On a member's phone it sits above the bottom tab bar.
 */
export function LoadFailedNotice({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { t } = useTranslation("common");
  const failure = useSyncExternalStore(subscribeLoadFailure, loadFailure, serverLoadFailure);
  if (!failure.shown) return null;
  return (
    <div ref={intoTopLayer} role="alert" className={`fixed inset-x-0 top-auto m-0 mx-auto ${aboveTabBar ? "bottom-[calc(56px+1rem+env(safe-area-inset-bottom))] md:bottom-4" : "bottom-4"} z-50 w-[calc(100%-2rem)] max-w-toast rounded-xl border border-danger/30 bg-white p-4 text-sm shadow-lg`} data-testid="load-failed">
      <p className="font-semibold text-gray-900">{t(failure.sending ? "retry.sendFailed" : "retry.loadFailed")}</p>
      <p className="mt-1 text-gray-700">{t("retry.kept")}</p>
      <button
        type="button"
        onClick={() => tryLoadsAgain()}
        disabled={failure.busy}
        aria-busy={failure.busy}
        className="btn-primary mt-3 w-full px-4 py-2 disabled:opacity-70"
        data-testid="load-failed-retry"
      >
        {t(failure.busy ? "retry.trying" : "retry.tryAgain")}
      </button>
    </div>
  );
}
