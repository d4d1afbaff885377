import { Form } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/components/ui/Field";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { FILTER_OPTIONS, MAX_SEARCH_AGE, type SearchField, type SearchFilters } from "~/models/search/search-filters";

interface CountryChoice {
  code: string;
  name: string;
  regions: Array<{ code: string; name: string }>;
}

const SELECTS = ["gender", "sexuality", "body_type", "relationship_status"] as const;

/**
 * The brand's search filters as a GET form (works without JavaScript; the region list follows
 * the chosen country when it runs). `search=1` tells the server to remember this search.
 */
export function SearchForm({ filters, fields, minAge, countries }: { filters: SearchFilters; fields: readonly SearchField[]; minAge: number; countries: CountryChoice[] }) {
  const { t } = useTranslation(["members", "profile"]);
  const [country, setCountry] = useState(filters.country ?? "");
  const shown = (field: SearchField) => fields.includes(field);
  const regionGroups = country ? countries.filter((c) => c.code === country) : countries;
  return (
    <Form method="get" action="/members" className="space-y-4 self-start rounded-2xl bg-white p-5 shadow-sm" data-testid="search-form" aria-label={t("search.filters")}>
      <input type="hidden" name="search" value="1" />
      {SELECTS.filter(shown).map((name) => (
        <Field key={name} label={t(`search.fields.${name}`)} htmlFor={`search-${name}`}>
          <select id={`search-${name}`} name={name} defaultValue={filters[name] ?? ""} className={inputClass}>
            <option value="">{t("search.any")}</option>
            {FILTER_OPTIONS[name].map((value) => (
              <option key={value} value={value}>
                {t(`profile:options.${name}.${value}`)}
              </option>
            ))}
          </select>
        </Field>
      ))}
      {shown("country") ? (
        <Field label={t("search.fields.country")} htmlFor="search-country">
          <select id="search-country" name="country" value={country} onChange={(event) => setCountry(event.target.value)} className={inputClass}>
            <option value="">{t("search.any")}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {shown("region") && shown("country") ? (
        <Field label={t("search.fields.region")} htmlFor="search-region">
          <select id="search-region" name="region" key={country} defaultValue={filters.country === country ? (filters.region ?? "") : ""} className={inputClass}>
            <option value="">{t("search.any")}</option>
            {regionGroups.map((group) => (
              <optgroup key={group.code} label={group.name}>
                {group.regions.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
      ) : null}
      {shown("min_age") || shown("max_age") ? (
        <div className="grid grid-cols-2 gap-3">
          {(["min_age", "max_age"] as const).filter(shown).map((name) => (
            <Field key={name} label={t(`search.fields.${name}`)} htmlFor={`search-${name}`}>
              <input
                id={`search-${name}`}
                name={name}
                type="number"
                inputMode="numeric"
                min={minAge}
                max={MAX_SEARCH_AGE}
                defaultValue={filters[name] ?? ""}
                placeholder={t("search.any")}
                className={inputClass}
              />
            </Field>
          ))}
        </div>
      ) : null}
      {shown("has_photo") ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="has_photo" value="1" defaultChecked={filters.has_photo === true} className="h-4 w-4 accent-primary" />
          {t("search.fields.has_photo")}
        </label>
      ) : null}
      <div className="flex items-center justify-between gap-3 pt-2">
        <SubmitButton className="btn-primary" data-testid="search-submit">
          {t("search.submit")}
        </SubmitButton>
        <AppLink to="/members?search=1" className="text-sm text-gray-600 underline">
          {t("search.reset")}
        </AppLink>
      </div>
    </Form>
  );
}
