/** After a reload for a missing script, another waits at least this long (docs/product/site.md#script-updates). */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const LAST_RELOAD = "chunk-reload-at";

const CHUNK_FAILURES = [/Failed to fetch dynamically imported module/i, /error loading dynamically imported module/i, /Importing a module script failed/i, /ChunkLoadError/i, /Loading chunk \S+ failed/i];

/** Whether an error is a script of the site that could not be loaded (the site was updated meanwhile). */
export function isChunkLoadError(reason: unknown): boolean {
  const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason ?? "");
  return CHUNK_FAILURES.some((pattern) => pattern.test(text));
}

/**
 * Reloads the page to get the new scripts — unless it did so less than a minute ago, so a script
 * that stays missing cannot make the page reload for ever. Returns whether it reloaded.
 */
export function reloadForNewScripts(storage: Pick<Storage, "getItem" | "setItem">, reload: () => void, now = Date.now()): boolean {
  const last = Number(storage.getItem(LAST_RELOAD) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(LAST_RELOAD, String(now));
  reload();
  return true;
}

function reloadNow(): boolean {
  try {
    return reloadForNewScripts(window.sessionStorage, () => window.location.reload());
  } catch {
    // No session storage (private mode in old browsers): no guard, so no reload either.
    return false;
  }
}

/** Listens for scripts of the site that fail to load: a route's module, a preloaded one, a dynamic import. */
export function watchForChunkErrors(): void {
  window.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason)) reloadNow();
  });
  window.addEventListener(
    "error",
    (event) => {
      const target = event.target;
      const source = target instanceof HTMLScriptElement ? target.src : target instanceof HTMLLinkElement && target.rel === "modulepreload" ? target.href : "";
      if (source.includes("/build/") || isChunkLoadError(event.error)) reloadNow();
    },
    true,
  );
}

/** For the error page: a route that failed because its script is gone reloads instead. */
export function reloadIfChunkError(error: unknown): boolean {
  return isChunkLoadError(error) && reloadNow();
}
