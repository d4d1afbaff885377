import { useFetcher, useLocation } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { PageConsent } from "~/models/consent/pages/consent.server";
import { COOKIE_SETTINGS_PARAM } from "~/models/consent/settings-link";

/**
 * The cookie banner (docs/product/site.md#consent-and-tags): "Accepteren", "Weigeren" and "Kiezen"
 * side by side in one style, a plain form to /api/consent that works without JavaScript; with it,
 * the answer is posted in the background and "Kiezen" opens the categories in place. Compact at
 * the bottom of the screen, above a member's tab bar on a phone.
 */
export function ConsentBanner({ consent, siteName, aboveTabBar }: { consent: PageConsent; siteName: string; aboveTabBar: boolean }) {
  const { t } = useTranslation("consent");
  const fetcher = useFetcher();
  const location = useLocation();
  const [choosing, setChoosing] = useState(false);
  if (!consent.banner || fetcher.state !== "idle") return null;
  const view = choosing ? "choose" : consent.banner;
  const params = new URLSearchParams(location.search);
  params.delete(COOKIE_SETTINGS_PARAM);
  const back = `${location.pathname}${params.size > 0 ? `?${params}` : ""}`;
  const openChoice = (event: MouseEvent) => {
    event.preventDefault();
    setChoosing(true);
  };
  const button = "btn-primary min-w-0 flex-1 px-3 sm:min-w-36 sm:flex-none sm:px-6";
  return (
    <section
      aria-labelledby="consent-title"
      data-testid="consent-banner"
      data-view={view}
      className={`fixed inset-x-0 bottom-0 z-50 max-h-[75dvh] overflow-y-auto border-t border-gray-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.12)] ${aboveTabBar ? "max-md:bottom-[calc(56px+env(safe-area-inset-bottom))]" : "pb-[env(safe-area-inset-bottom)]"}`}
    >
      <fetcher.Form method="post" action="/api/consent" className="mx-auto max-w-4xl px-4 py-3 text-sm text-gray-700">
        <input type="hidden" name="redirectTo" value={back} />
        <h2 id="consent-title" className="font-bold text-gray-900">
          {view === "choose" ? t("settingsTitle") : t("title", { siteName })}
        </h2>
        <p className="mt-1 text-xs leading-snug sm:text-sm">
          {t("intro")}{" "}
          <a href="/pages/cookies" className="text-primary underline">
            {t("policyLink")}
          </a>
        </p>
        {view === "choose" ? <Categories allowed={consent.allowed} gpc={consent.gpc} /> : null}
        {consent.gpc ? (
          <p className="mt-2 text-xs" data-testid="consent-gpc">
            {t("gpc")}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" name="intent" value="accept" className={button} data-testid="consent-accept">
            {t("accept")}
          </button>
          <button type="submit" name="intent" value="reject" className={button} data-testid="consent-reject">
            {t("reject")}
          </button>
          {view === "choose" ? (
            <button type="submit" name="intent" value="save" className={button} data-testid="consent-save">
              {t("save")}
            </button>
          ) : (
            // Without JavaScript the server answers with the page and its categories open.
            <button type="submit" name="intent" value="choose" className={button} data-testid="consent-choose" onClick={openChoice}>
              {t("choose")}
            </button>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}

function Categories({ allowed, gpc }: { allowed: PageConsent["allowed"]; gpc: boolean }) {
  const { t } = useTranslation("consent");
  return (
    <fieldset className="mt-3 space-y-2" data-testid="consent-categories">
      <legend className="sr-only">{t("settingsTitle")}</legend>
      <Category name="necessary" checked disabled note={t("alwaysOn")} />
      <Category name="analytics" checked={allowed?.analytics ?? false} />
      <Category name="marketing" checked={!gpc && (allowed?.marketing ?? false)} disabled={gpc} />
    </fieldset>
  );
}

function Category({ name, checked, disabled = false, note }: { name: "necessary" | "analytics" | "marketing"; checked: boolean; disabled?: boolean; note?: string }) {
  const { t } = useTranslation("consent");
  const id = `consent-${name}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        name={name === "necessary" ? undefined : name}
        defaultChecked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
        data-testid={`consent-toggle-${name}`}
      />
      <div>
        <label htmlFor={id} className="font-semibold text-gray-900">
          {t(`categories.${name}.label`)}
          {note ? <span className="ml-2 text-xs font-normal text-gray-600">({note})</span> : null}
        </label>
        <p id={`${id}-description`} className="text-xs text-gray-600">
          {t(`categories.${name}.description`)}
        </p>
      </div>
    </div>
  );
}
