import { useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { apiSend } from "~/utils/api-call";

/** A visible page says so this often; the server counts a report for 150 s (docs/product/notifications.md#presence). */
export const PRESENCE_HEARTBEAT_MS = 60_000;
/** With `?lb` once in the address, this tab reports how long each page stayed on screen. */
const BOUNCE_LOGGING = "page-bounce-logging";

function reportVisible(path: string) {
  void apiSend("/api/page-visible", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ path }) });
}

/**
 * Tells the server which page a logged-in member has on screen: on load, on each navigation, when
 * the tab becomes visible again and every minute; and, with a beacon, when it is hidden. Push and
 * mail use it not to announce what the member is already looking at.
 */
export function PagePresence() {
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const path = useRef(pathname);
  // Set when the page is shown (in the effect below), not while rendering.
  const shownAt = useRef(0);

  useEffect(() => {
    path.current = pathname;
    shownAt.current = Date.now();
    if (document.visibilityState === "visible") reportVisible(pathname);
  }, [pathname]);

  // ?lb turns on page-bounce logging for this tab, and leaves the address.
  useEffect(() => {
    if (!searchParams.has("lb")) return;
    sessionStorage.setItem(BOUNCE_LOGGING, "1");
    setSearchParams(
      (params) => {
        params.delete("lb");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [searchParams, setSearchParams]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        shownAt.current = Date.now();
        reportVisible(path.current);
        return;
      }
      const bounce = sessionStorage.getItem(BOUNCE_LOGGING) === "1" ? { lb: true, path: path.current, ms: Date.now() - shownAt.current } : {};
      navigator.sendBeacon?.("/api/page-hidden.php", new Blob([JSON.stringify(bounce)], { type: "application/json" }));
    };
    document.addEventListener("visibilitychange", onVisibility);
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") reportVisible(path.current);
    }, PRESENCE_HEARTBEAT_MS);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      clearInterval(timer);
    };
  }, []);

  return null;
}
