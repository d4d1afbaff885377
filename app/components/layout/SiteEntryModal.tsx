import { useFetcher, useLocation } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/ui/Modal";
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
    // A question to answer before the site opens (docs/product/safety.md#site-entry-warning): Escape does not dismiss it.
    <Modal labelledBy="site-entry-title" role="alertdialog" testId="site-entry-modal" className="max-w-lg p-6">
      <h2 id="site-entry-title" className="text-xl font-bold text-primary">
        {t("siteEntry.title", { minAge })}
      </h2>
      <p className="mt-3 text-gray-700">{t("siteEntry.body", { siteName, minAge })}</p>
      <p className="mt-2 text-sm text-gray-600">{t("siteEntry.cookieNote")}</p>
      <fetcher.Form method="post" action="/api/site-entry" className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <a href="https://www.google.com/" rel="noreferrer" className="btn-outline">
          {t("siteEntry.leave")}
        </a>
        <button type="submit" className="btn-primary" autoFocus data-autofocus>
          {t("siteEntry.enter", { minAge })}
        </button>
      </fetcher.Form>
    </Modal>
  );
}
