import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { loadFailure, serverLoadFailure, subscribeLoadFailure, tryLoadsAgain } from "~/utils/page-data-retry";

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
    <div role="alert" className={`fixed inset-x-0 ${aboveTabBar ? "bottom-[calc(56px+1rem+env(safe-area-inset-bottom))] md:bottom-4" : "bottom-4"} z-50 mx-auto w-[calc(100%-2rem)] max-w-toast rounded-xl border border-danger/30 bg-white p-4 text-sm shadow-lg`} data-testid="load-failed">
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
