import { decodeHydrationData, RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/domain/languages";
import { catalogueBackend } from "~/i18n/catalogue-backend";
import { DEFAULT_NAMESPACE } from "~/i18n/namespaces";
import { watchForChunkErrors } from "~/utils/chunk-reload";
import { installPageDataRetry } from "~/utils/page-data-retry";

/** Catalogue URLs carry the server's catalogue version, so they may be cached for long. */
function catalogueVersion(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="catalogue-version"]')?.content ?? "";
}

function initI18next() {
  return i18next
    .use(initReactI18next)
    .use(catalogueBackend(catalogueVersion()))
    .init({
      lng: document.documentElement.lang,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: getInitialNamespaces(),
      defaultNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
    });
}

async function hydrate() {
  // The page's data is decoded before hydrateRoot, beside the catalogues, so that RemixBrowser
  // never suspends the root: a key or a tap before React's first render makes React hydrate the
  // page inside the event, and a root that suspends there is React error 345 and a lost tap
  // (docs/decisions/037-hydration-start.md).
  await Promise.all([initI18next(), decodeHydrationData()]);

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

// A script of an older version of the site that is gone since an update reloads the page.
watchForChunkErrors();
// Page loads and background reloads are tried again when the network fails, before Remix's
// first fetch (docs/decisions/043-retry-page-loads.md).
installPageDataRetry();
void hydrate();
