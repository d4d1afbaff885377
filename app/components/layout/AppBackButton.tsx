import { useLocation, useNavigate } from "@remix-run/react";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/Icon";

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
 * Whether this visit has a page before the current one. The router numbers the visit's history
 * entries (history.state.idx, 0 for the page the visit started on); the location's key cannot
 * tell, as Remix's scroll restoration gives the first page a random key before the router starts.
 */
function hasEarlierPage(): boolean {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === "number" && index > 0;
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
  useEffect(() => {
    const query = window.matchMedia("(display-mode: standalone)");
    const update = () => setInstalled(standalone());
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  // `installed` is only ever true in the browser, after hydration, so the history may be read here.
  if (!installed || !hasEarlierPage() || !hasBackButton(location.pathname)) return null;
  return (
    <button type="button" onClick={() => navigate(-1)} className="btn-outline px-3 py-1" aria-label={t("nav.back")} data-testid="app-back">
      <Icon icon={ArrowLeft} /> {t("nav.back")}
    </button>
  );
}
