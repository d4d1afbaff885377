import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, type Language } from "~/domain/languages";

/** Posts the choice to /api/language, which stores it and comes back here. Works without JavaScript. */
export function LanguageSwitcher({ languages, current, id = "language-select", className = "", testId = "language-switcher" }: { languages: Language[]; current: Language; id?: string; className?: string; testId?: string }) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const submit = useSubmit();
  if (languages.length < 2) return null;
  return (
    <Form method="post" action="/api/language" className={`flex items-center gap-1 ${className}`} data-testid={testId}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id} className="sr-only">
        {t("language.label")}
      </label>
      <select
        id={id}
        name="lng"
        defaultValue={current}
        key={current}
        onChange={(event) => submit(event.currentTarget.form)}
        className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm"
      >
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn-outline px-3 py-1">
          {t("language.submit")}
        </button>
      </noscript>
    </Form>
  );
}
