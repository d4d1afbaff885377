import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { SignupStepFrame, StepButtons } from "~/components/account/SignupStep";
import { UseMyLocation } from "~/components/account/UseMyLocation";
import { Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { continueAfter, isSkip } from "~/models/complete-signup.server";
import { regionsOf } from "~/models/places";
import { locationSchema } from "~/models/profile-forms";
import { profileOf, saveLocation } from "~/models/profile-update.server";
import { requireMember } from "~/models/require-member.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const profile = await profileOf(db(), member.id);
  const displayNames = new Intl.DisplayNames([context.language], { type: "region" });
  return {
    countries: tenant.countries.map((code) => ({ code, name: displayNames.of(code) ?? code, regions: regionsOf(code) })),
    current: { country: profile?.country ?? tenant.countries[0]!, region: profile?.region ?? "", city: profile?.city ?? "" },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const form = await request.formData();
  if (isSkip(form)) return continueAfter(member.id, "location");
  const submission = parseWithZod(form, { schema: locationSchema(tenant.countries) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveLocation(db(), member.id, submission.value);
  return continueAfter(member.id, "location");
}

export default function LocationStep() {
  const { countries, current } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const schema = useMemo(() => locationSchema(countries.map((c) => c.code)), [countries]);
  const [form, fields] = useForm({
    id: "location",
    lastResult: actionData?.result,
    defaultValue: current,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [country, setCountry] = useState(fields.country.initialValue ?? current.country);
  const [region, setRegion] = useState(fields.region.initialValue ?? current.region);
  const regions = countries.find((c) => c.code === country)?.regions ?? [];
  const cities = regions.find((r) => r.code === region)?.cities ?? [];
  return (
    <SignupStepFrame step="location">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <UseMyLocation
          onFound={(place) => {
            setCountry(place.country);
            setRegion(place.region);
            form.update({ value: { country: place.country, region: place.region, city: place.city } });
          }}
        />
        <Field label={t("completeSignup.location.country")} htmlFor={fields.country.id}>
          <select {...getSelectProps(fields.country)} value={country} onChange={(e) => { setCountry(e.target.value); setRegion(""); }} className={inputClass}>
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
        <StepButtons busy={navigation.state !== "idle"} />
      </Form>
    </SignupStepFrame>
  );
}
