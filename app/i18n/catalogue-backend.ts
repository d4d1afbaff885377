import type { BackendModule, ReadCallback } from "i18next";

/** Language codes and namespace names: nothing else may go into a catalogue's URL. */
const SAFE_NAME = /^[a-z0-9_-]+$/i;

/**
 * The browser's catalogue loader (docs/decisions/004-i18n-one-instance-per-language.md): fetches
 * `/locales/<lng>/<ns>.json?v=<version>`. It does what the app used of i18next-http-backend in a
 * few lines instead of its 7 KiB on every page (bench/js-budget.ts). As there, a server error or a
 * failed connection is worth another try (i18next retries with a growing pause), a missing
 * catalogue (4xx) is not.
 */
export function catalogueBackend(version: string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      if (!SAFE_NAME.test(language) || !SAFE_NAME.test(namespace)) {
        callback(new Error(`no catalogue for ${JSON.stringify(language)}/${JSON.stringify(namespace)}`), false);
        return;
      }
      const url = `/locales/${language}/${namespace}.json?v=${encodeURIComponent(version)}`;
      fetch(url).then(
        async (response) => {
          if (!response.ok) {
            callback(new Error(`failed loading ${url}: status ${response.status}`), response.status >= 500);
            return;
          }
          let catalogue: unknown;
          try {
            catalogue = await response.json();
          } catch {
            callback(new Error(`failed parsing ${url}`), false);
            return;
          }
          callback(null, catalogue as Parameters<ReadCallback>[1]);
        },
        (error: unknown) => callback(new Error(`failed loading ${url}: ${error instanceof Error ? error.message : String(error)}`), true),
      );
    },
  };
}
