/** True inside an installed app (PWA), where the entry warning is skipped (docs/product/safety.md#site-entry-warning). */
export function isInstalledApp(): boolean {
  if (typeof window === "undefined") return false;
  const iosStandalone = (window.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.("(display-mode: standalone)").matches === true;
}

export function subscribeToDisplayMode(onChange: () => void): () => void {
  const query = window.matchMedia?.("(display-mode: standalone)");
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}
