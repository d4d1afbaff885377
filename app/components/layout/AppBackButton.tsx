import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The routes with a back button in the installed app (docs/product/site.md#installed-app):
 * members-id, likes-type, likes-m-id, credits and credits-id-paymentmethod.
 */
const WITH_BACK_BUTTON = /^\/(?:members\/\d+|likes\/[^/]+|likes\/m\/\d+|credits|credits\/[^/]+(?:\/[^/]+)?)\/?$/;

export function hasBackButton(pathname: string): boolean {
  return WITH_BACK_BUTTON.test(pathname);
}

/** Whether the site runs as the installed app, without the browser's own back button. */
function standalone(): boolean {
  return window.matchMedia("(display-mode: standalone)").matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/**
 * A back button where the installed app has none of the browser's: only there, only on the
 * routes above, and only when this visit has a page to go back to.
 */
export function AppBackButton() {
  const { t } = useTranslation("common");
  const location = useLocation();
  const navigate = useNavigate();
  const [installed, setInstalled] = useState(false);
  const [canGoBack, setCanGoBack] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(display-mode: standalone)");
    const update = () => setInstalled(standalone());
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  // The router numbers this visit's history entries (history.state.idx, 0 for the page the visit
  // started on). The location's key cannot tell: Remix's scroll restoration gives the first page
  // a random key before the router starts, so that page looked like one with a page before it.
  useEffect(() => {
    const index = (window.history.state as { idx?: unknown } | null)?.idx;
    setCanGoBack(typeof index === "number" && index > 0);
  }, [location.key]);
  if (!installed || !canGoBack || !hasBackButton(location.pathname)) return null;
  return (
    <button type="button" onClick={() => navigate(-1)} className="btn-outline px-3 py-1" aria-label={t("nav.back")} data-testid="app-back">
      <span aria-hidden="true">←</span> {t("nav.back")}
    </button>
  );
}
