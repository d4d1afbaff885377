import { useFetcher, useLocation } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root";
import { isInstalledApp, subscribeToDisplayMode } from "~/utils/installed-app";

/**
 * The adult-content warning. Rendered by the server so it also stands without JavaScript;
 * accepting posts to /api/site-entry, which remembers the dismissal.
 */
export function SiteEntryModal({ show, minAge }: { show: boolean; minAge: number }) {
  const { t } = useTranslation("common");
  const siteName = useRootData()?.brand.name ?? "";
  const fetcher = useFetcher();
  const location = useLocation();
  const installedApp = useSyncExternalStore(subscribeToDisplayMode, isInstalledApp, () => false);

  if (!show || installedApp || fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4" role="presentation">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="site-entry-title"
        className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-2xl"
        data-testid="site-entry-modal"
      >
        <h2 id="site-entry-title" className="text-xl font-bold text-primary">
          {t("siteEntry.title", { minAge })}
        </h2>
        <p className="mt-3 text-gray-700">{t("siteEntry.body", { siteName, minAge })}</p>
        <p className="mt-2 text-sm text-gray-500">{t("siteEntry.cookieNote")}</p>
        <fetcher.Form method="post" action="/api/site-entry" className="mt-6 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <a href="https://www.google.com/" rel="noreferrer" className="btn-outline">
            {t("siteEntry.leave")}
          </a>
          <button type="submit" className="btn-primary" autoFocus>
            {t("siteEntry.enter", { minAge })}
          </button>
        </fetcher.Form>
      </div>
    </div>
  );
}
