import { useCallback, useSyncExternalStore } from "react";

/** The layout breakpoints of docs/product/site.md#theme (576, 768, 992, 1200): below 576 px a smartphone; from 768 px wide enough for modals. */
export const SMARTPHONE_QUERY = "(max-width: 575.98px)";
export const DESKTOP_QUERY = "(min-width: 768px)";

/** Whether a media query matches; false on the server and during hydration. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
