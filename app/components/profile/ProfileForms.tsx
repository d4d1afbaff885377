import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { InterestIcon } from "~/components/members/interest-icons";
import { Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { ABOUT_MAX, aboutSchema, basicsSchema, interestsSchema, locationSchema, PERSONAL_FIELDS, personalSchema, type PersonalField } from "~/models/profiles/profile-forms";
import { LocationFields, type CountryRegions } from "./LocationFields";
import { SexualityConsent } from "~/components/profile/SexualityConsent";

type LastResult = SubmissionResult<string[]> | undefined;

/** One section of /profile: a card with its own form, sent with an `intent` naming the section. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm" aria-labelledby={`${id}-title`} data-testid={`profile-section-${id}`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function SaveButton({ intent }: { intent: string }) {
  const { t } = useTranslation("profile");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <div className="pt-2">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="btn-primary" disabled={busy} data-testid={`save-${intent}`}>
        {t("edit.save")}
      </button>
    </div>
  );
}

/** A changed text a moderator has yet to let through: the profile shows the old one meanwhile. */
function HeldText({ text, field }: { text: string | null; field: string }) {
  const { t } = useTranslation("profile");
  return text ? (
    <p className="text-sm text-gray-700 sm:col-span-2" data-testid={`held-${field}`}>
      {t("edit.waitingText", { text })}
    </p>
  ) : null;
}

export function BasicsForm({ current, held, email, minAge, askDateOfBirth, lastResult }: { current: { name: string; date_of_birth: string }; held: string | null; email: string; minAge: number; askDateOfBirth: boolean; lastResult: LastResult }) {
  const { t } = useTranslation(["profile", "account"]);
  const schema = useMemo(() => basicsSchema({ minAge, email, askDateOfBirth }), [minAge, email, askDateOfBirth]);
  const [form, fields] = useForm({
    id: "profile-basics",
    lastResult,
    defaultValue: current,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Section id="basics" title={t("edit.basics")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <Field label={t("fields.name")} htmlFor={fields.name.id}>
          <input {...getInputProps(fields.name, { type: "text" })} autoComplete="nickname" className={inputClass} />
          <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
        </Field>
        <HeldText text={held} field="name" />
        {askDateOfBirth ? (
          <Field label={t("fields.date_of_birth")} htmlFor={fields.date_of_birth.id} hint={t("edit.dateOfBirthHint")}>
            <input {...getInputProps(fields.date_of_birth, { type: "date" })} autoComplete="bday" className={inputClass} />
            <FieldErrors id={fields.date_of_birth.errorId} errors={fields.date_of_birth.errors} values={{ minAge }} />
          </Field>
        ) : null}
        <div className="sm:col-span-2">
          <SaveButton intent="basics" />
        </div>
      </Form>
    </Section>
  );
}

export function LocationForm({ countries, current, lastResult }: { countries: CountryRegions[]; current: { country: string; region: string; city: string }; lastResult: LastResult }) {
  const { t } = useTranslation("profile");
  const schema = useMemo(() => locationSchema(countries), [countries]);
  const [form, fields] = useForm({
    id: "profile-location",
    lastResult,
    defaultValue: current,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Section id="location" title={t("edit.location")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <LocationFields fields={fields} countries={countries} current={current} onPlaceFound={(place) => form.update({ value: place })} />
        <SaveButton intent="location" />
      </Form>
    </Section>
  );
}

export function PersonalForm({ fields: asked, current, lastResult }: { fields: PersonalField[]; current: Record<string, string>; lastResult: LastResult }) {
  const { t } = useTranslation("profile");
  const [form, fields] = useForm<z.infer<typeof personalSchema>>({
    id: "profile-personal",
    lastResult,
    defaultValue: current,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: personalSchema }),
  });
  return (
    <Section id="personal" title={t("edit.personal")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        {asked.map((name) => (
          <Field key={name} label={t(`fields.${name}`)} htmlFor={fields[name].id}>
            <select {...getSelectProps(fields[name])} className={inputClass}>
              <option value="">{t("notSaying")}</option>
              {PERSONAL_FIELDS[name].map((value) => (
                <option key={value} value={value}>
                  {t(`options.${name}.${value}`)}
                </option>
              ))}
            </select>
            <FieldErrors id={fields[name].errorId} errors={fields[name].errors} />
          </Field>
        ))}
        {asked.includes("sexuality") ? <SexualityConsent field={fields.sexuality_consent} /> : null}
        <div className="sm:col-span-2">
          <SaveButton intent="personal" />
        </div>
      </Form>
    </Section>
  );
}

export function InterestsForm({ allowed, current, lastResult }: { allowed: readonly string[]; current: string[]; lastResult: LastResult }) {
  const { t } = useTranslation("profile");
  const schema = useMemo(() => interestsSchema(allowed), [allowed]);
  const [form, fields] = useForm({
    id: "profile-interests",
    lastResult,
    defaultValue: { interests: current },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const chosen = new Set(fields.interests.initialValue ?? current);
  return (
    <Section id="interests" title={t("edit.interests")}>
      <Form method="post" {...getFormProps(form)}>
        <fieldset>
          <legend className="sr-only">{t("edit.interests")}</legend>
          <ul className="flex flex-wrap gap-2">
            {allowed.map((interest) => (
              <li key={interest}>
                <label className="flex cursor-pointer items-center gap-1.5 rounded-full border border-gray-300 px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40">
                  <input type="checkbox" name={fields.interests.name} value={interest} defaultChecked={chosen.has(interest)} className="sr-only" data-testid={`interest-${interest}`} />
                  <InterestIcon interest={interest} />
                  {t(`interests.${interest}`)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <FieldErrors id={fields.interests.errorId} errors={fields.interests.errors} />
        <SaveButton intent="interests" />
      </Form>
    </Section>
  );
}

export function AboutForm({ current, held, lastResult }: { current: string; held: string | null; lastResult: LastResult }) {
  const { t } = useTranslation(["profile", "account"]);
  const [form, fields] = useForm({
    id: "profile-about",
    lastResult,
    defaultValue: { about: current },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: aboutSchema }),
  });
  return (
    <Section id="about" title={t("edit.about")}>
      <Form method="post" {...getFormProps(form)}>
        <Field label={t("fields.about")} htmlFor={fields.about.id} hint={t("account:completeSignup.about.hint", { max: ABOUT_MAX })}>
          <textarea {...getTextareaProps(fields.about)} rows={6} className={inputClass} />
          <FieldErrors id={fields.about.errorId} errors={fields.about.errors} values={{ max: ABOUT_MAX }} />
        </Field>
        <HeldText text={held} field="about" />
        <SaveButton intent="about" />
      </Form>
    </Section>
  );
}
