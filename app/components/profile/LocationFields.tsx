import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { UseMyLocation, type FoundPlace } from "~/components/account/UseMyLocation";
import { Field, FieldErrors, inputClass } from "~/components/ui/Field";
import type { Region } from "~/domain/places";

export interface CountryRegions {
  code: string;
  name: string;
  regions: Region[];
}

interface LocationFieldMetadata {
  country: FieldMetadata<string>;
  region: FieldMetadata<string>;
  city: FieldMetadata<string | undefined>;
}

/**
 * Country, region (from the bundled data set of the brand's countries) and city with suggestions,
 * plus "use my location". Shared by the signup step and the profile page.
 */
export function LocationFields({ fields, countries, current, onPlaceFound }: { fields: LocationFieldMetadata; countries: CountryRegions[]; current: { country: string; region: string }; onPlaceFound: (place: FoundPlace) => void }) {
  const { t } = useTranslation("account");
  const [country, setCountry] = useState(fields.country.initialValue ?? current.country);
  const [region, setRegion] = useState(fields.region.initialValue ?? current.region);
  const regions = countries.find((c) => c.code === country)?.regions ?? [];
  const cities = regions.find((r) => r.code === region)?.cities ?? [];
  return (
    <>
      <UseMyLocation
        onFound={(place) => {
          setCountry(place.country);
          setRegion(place.region);
          onPlaceFound(place);
        }}
      />
      <Field label={t("completeSignup.location.country")} htmlFor={fields.country.id}>
        <select
          {...getSelectProps(fields.country)}
          value={country}
          onChange={(e) => {
            setCountry(e.target.value);
            setRegion("");
          }}
          className={inputClass}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.country.errorId} errors={fields.country.errors} />
      </Field>
      <Field label={t("completeSignup.location.region")} htmlFor={fields.region.id}>
        <select {...getSelectProps(fields.region)} value={region} onChange={(e) => setRegion(e.target.value)} className={inputClass}>
          <option value="">{t("completeSignup.location.chooseRegion")}</option>
          {regions.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.region.errorId} errors={fields.region.errors} />
      </Field>
      <Field label={t("completeSignup.location.city")} htmlFor={fields.city.id}>
        <input {...getInputProps(fields.city, { type: "text" })} list="city-options" autoComplete="address-level2" className={inputClass} />
        <datalist id="city-options">
          {cities.map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
        <FieldErrors id={fields.city.errorId} errors={fields.city.errors} />
      </Field>
    </>
  );
}
