import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/domain/languages";
import { catalogueBackend } from "~/i18n/catalogue-backend";
import { DEFAULT_NAMESPACE } from "~/i18n/namespaces";
import { watchForChunkErrors } from "~/utils/chunk-reload";

/** Catalogue URLs carry the server's catalogue version, so they may be cached for long. */
function catalogueVersion(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="catalogue-version"]')?.content ?? "";
}

async function hydrate() {
  await i18next
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
void hydrate();
