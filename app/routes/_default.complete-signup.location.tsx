import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { SignupStepFrame, StepButtons } from "~/components/account/SignupStep";
import { LocationFields } from "~/components/profile/LocationFields";
import { db } from "~/db.server";
import { continueAfter, isSkip } from "~/models/accounts/pages/complete-signup.server";
import { countriesWithRegions, regionsOf } from "~/domain/places";
import { locationSchema } from "~/models/profiles/profile-forms";
import { profileOf, saveLocation } from "~/models/profiles/profile-update.server";
import { requireMember } from "~/web/require-member.server";
import { regionNames } from "~/utils/intl-formats";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const profile = await profileOf(db(), member.id);
  const displayNames = regionNames(context.language);
  return {
    countries: tenant.countries.map((code) => ({ code, name: displayNames.of(code) ?? code, regions: regionsOf(code) })),
    current: { country: profile?.country ?? tenant.countries[0]!, region: profile?.region ?? "", city: profile?.city ?? "" },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const form = await request.formData();
  if (isSkip(form)) return continueAfter(member.id, "location");
  const submission = parseWithZod(form, { schema: locationSchema(countriesWithRegions(tenant.countries)) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveLocation(db(), member.id, submission.value);
  return continueAfter(member.id, "location");
}

export default function LocationStep() {
  const { countries, current } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => locationSchema(countries), [countries]);
  const [form, fields] = useForm({
    id: "location",
    lastResult: actionData?.result,
    defaultValue: current,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <SignupStepFrame step="location">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <LocationFields fields={fields} countries={countries} current={current} onPlaceFound={(place) => form.update({ value: place })} />
        <StepButtons busy={navigation.state !== "idle"} />
      </Form>
    </SignupStepFrame>
  );
}
