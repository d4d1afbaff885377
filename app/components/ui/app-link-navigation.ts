import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Where a click on the page should navigate within the app, or null to let the browser have it:
 * the same rules as React Router's `<Link>` (a plain left click on an `AppLink` to this origin, not
 * opened elsewhere or downloaded, and not already handled by the element's own click handler).
 */
export function appLinkTarget(event: MouseEvent, here: Location): { path: string; replace: boolean; preventScrollReset: boolean } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[data-app-link]") : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  const url = new URL(anchor.href);
  if (url.origin !== here.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // As `<Link>` does: a link to the page shown replaces its history entry instead of adding one.
  return { path, replace: path === `${here.pathname}${here.search}${here.hash}`, preventScrollReset: anchor.dataset.appLink === "keep-scroll" };
}

/** One click listener for every `AppLink` of the document (ADR 035); the root mounts it. */
export function useAppLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = appLinkTarget(event, window.location);
      if (!target) return;
      event.preventDefault();
      navigate(target.path, { replace: target.replace, preventScrollReset: target.preventScrollReset });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
