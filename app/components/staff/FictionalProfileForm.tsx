import { Form, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Field, inputClass } from "~/components/ui/Field";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { BODY_TYPES, EYE_COLOURS, GENDERS, HAIR_COLOURS, RELATIONSHIP_STATUSES, SEXUALITIES } from "~/domain/profile-fields";

type Values = { [field: string]: string | string[] | undefined; brands?: string[] };

/** What a fictional profile's form answers. */
export interface FictionalAnswer {
  intent: string;
  error: string | null;
  saved?: boolean;
  fieldErrors?: Record<string, string>;
  typed?: Values;
}

interface FictionalPageData {
  id: number | null;
  pool: string;
  values: Values | null;
  options: { brands: Array<{ id: string; name: string }>; countries: Array<{ code: string; regions: Array<{ code: string; name: string }> }> };
  photos: Array<{ id: number; status: string; thumbUrl: string; isMain: boolean }>;
  /** Brands of the pool that show the profile and are not this admin's to change. */
  otherBrands: string[];
}

const CHOICES = [
  ["gender", GENDERS, "gender"],
  ["sexuality", SEXUALITIES, "sexuality"],
  ["bodyType", BODY_TYPES, "body_type"],
  ["relationshipStatus", RELATIONSHIP_STATUSES, "relationship_status"],
  ["hairColour", HAIR_COLOURS, "hair_colour"],
  ["eyeColour", EYE_COLOURS, "eye_colour"],
] as const;

/** Create or edit a fictional profile: its fields, the brands that show it, and its photos. */
export function FictionalProfileForm({ page, answer }: { page: FictionalPageData; answer: FictionalAnswer | undefined }) {
  const { t } = useTranslation("staff");
  const { t: tProfile } = useTranslation("profile");
  const busy = useNavigation().state !== "idle";
  const values: Values = answer?.typed ?? page.values ?? { brands: page.options.brands.map((brand) => brand.id) };
  const [country, setCountry] = useState((typeof values.country === "string" && values.country) || page.options.countries[0]?.code || "");
  const fieldError = (name: string) => answer?.fieldErrors?.[name];
  const text = (name: string): string => {
    const value = values[name];
    return typeof value === "string" ? value : "";
  };
  const regions = page.options.countries.find((option) => option.code === country)?.regions ?? [];

  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <AppLink to={`/staff/profiles?pool=${encodeURIComponent(page.pool)}`} className="text-blue-800 underline">
        {t("profiles.back")}
      </AppLink>
      <h1 className="mt-2 text-2xl font-bold">{page.values && typeof page.values.name === "string" ? page.values.name : t("profiles.new")}</h1>
      <p className="text-sm text-gray-700">{t("profiles.poolIs", { pool: page.pool })}</p>
      {answer?.error && answer.intent === "save" ? <Alert tone="danger" testId="fictional-error">{t(answer.error)}</Alert> : null}
      {answer?.saved ? <Alert tone="success">{t("profiles.saved")}</Alert> : null}
      <Form method="post" className="mt-4 grid gap-4 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2" data-testid="fictional-form">
        <input type="hidden" name="intent" value="save" />
        <Field label={tProfile("fields.name")} htmlFor="f-name" hint={fieldError("name") ? t(fieldError("name")!) : undefined}>
          <input id="f-name" name="name" required maxLength={40} defaultValue={text("name")} aria-invalid={Boolean(fieldError("name"))} className={inputClass} />
        </Field>
        <Field label={tProfile("fields.date_of_birth")} htmlFor="f-birth" hint={fieldError("birthDate") ? t(fieldError("birthDate")!) : undefined}>
          <input id="f-birth" name="birthDate" type="date" required defaultValue={text("birthDate")} aria-invalid={Boolean(fieldError("birthDate"))} className={inputClass} />
        </Field>
        {CHOICES.map(([name, options, label]) => (
          <Field key={name} label={tProfile(`fields.${label}`)} htmlFor={`f-${name}`} hint={fieldError(name) ? t(fieldError(name)!) : undefined}>
            <select id={`f-${name}`} name={name} defaultValue={text(name)} required={name === "gender"} className={inputClass}>
              <option value="">{tProfile("notSaying")}</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {tProfile(`options.${label}.${option}`)}
                </option>
              ))}
            </select>
          </Field>
        ))}
        <Field label={tProfile("fields.country")} htmlFor="f-country" hint={fieldError("country") ? t(fieldError("country")!) : undefined}>
          <select id="f-country" name="country" value={country} onChange={(event) => setCountry(event.target.value)} className={inputClass}>
            {page.options.countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.code}
              </option>
            ))}
          </select>
        </Field>
        <Field label={tProfile("fields.region")} htmlFor="f-region" hint={fieldError("region") ? t(fieldError("region")!) : undefined}>
          <select id="f-region" name="region" defaultValue={text("region")} key={country} className={inputClass}>
            <option value="">{tProfile("notSaying")}</option>
            {regions.map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={tProfile("fields.city")} htmlFor="f-city">
          <input id="f-city" name="city" maxLength={60} defaultValue={text("city")} className={inputClass} />
        </Field>
        <div className="sm:col-span-2">
          <Field label={tProfile("fields.about")} htmlFor="f-about" hint={fieldError("about") ? t(fieldError("about")!) : undefined}>
            <textarea id="f-about" name="about" rows={5} maxLength={2000} defaultValue={text("about")} className={inputClass} />
          </Field>
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">{t("profiles.brands")}</legend>
          {fieldError("brands") ? <p className="text-sm text-danger">{t(fieldError("brands")!)}</p> : null}
          <div className="mt-1 flex flex-wrap gap-4">
            {page.options.brands.map((brand) => (
              <label key={brand.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="brands" value={brand.id} defaultChecked={values.brands?.includes(brand.id) ?? true} />
                {brand.name}
              </label>
            ))}
          </div>
          {page.otherBrands.length > 0 ? (
            <p className="mt-1 text-sm text-gray-700" data-testid="fictional-other-brands">
              {t("profiles.alsoShownOn", { brands: page.otherBrands.join(", ") })}
            </p>
          ) : null}
        </fieldset>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={busy} data-testid="fictional-save">
            {page.id ? t("profiles.save") : t("profiles.create")}
          </button>
        </div>
      </Form>
      {page.id ? (
        <section className="mt-6 rounded-lg bg-white p-4 shadow-sm" aria-labelledby="fictional-photos">
          <h2 id="fictional-photos" className="text-lg font-semibold">
            {t("profiles.photos")}
          </h2>
          <p className="text-sm text-gray-700">{t("profiles.photosHint")}</p>
          {answer?.error && answer.intent !== "save" ? <Alert tone="danger">{t(answer.error)}</Alert> : null}
          <ul className="mt-3 flex flex-wrap gap-3">
            {page.photos.map((photo) => (
              <li key={photo.id} className="text-center text-xs">
                <img src={photo.thumbUrl} alt={t("profiles.photoAlt")} className="h-24 w-24 rounded object-cover" />
                <span className="block">{t(`profiles.photoStatus.${photo.status}`)}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-photo" />
                  <SubmitButton name="photo" value={photo.id} className="underline">
                    {t("profiles.deletePhoto")}
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="photo" />
            <label className="text-sm">
              <span className="sr-only">{t("profiles.addPhoto")}</span>
              <input type="file" name="photo" accept="image/jpeg,image/png,image/webp" required />
            </label>
            <button type="submit" className="btn-outline" disabled={busy}>
              {t("profiles.addPhoto")}
            </button>
          </Form>
        </section>
      ) : null}
    </main>
  );
}
