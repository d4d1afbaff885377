import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { SignupStepFrame, StepButtons } from "~/components/account/SignupStep";
import { Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { continueAfter, isSkip } from "~/models/accounts/pages/complete-signup.server";
import { askedPersonalFields, PERSONAL_FIELDS, personalSchema } from "~/models/profiles/profile-forms";
import { personalValues, profileOf, savePersonal } from "~/models/profiles/profile-update.server";
import { requireMember } from "~/web/require-member.server";
import { SexualityConsent } from "~/components/profile/SexualityConsent";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const profile = await profileOf(db(), member.id);
  // The brand's visible_profile_fields decide what is asked.
  const fields = askedPersonalFields(tenant);
  return { fields, current: personalValues(profile, fields) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const form = await request.formData();
  if (isSkip(form)) return continueAfter(member.id, "personal");
  const submission = parseWithZod(form, { schema: personalSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await savePersonal(db(), member.id, submission.value, askedPersonalFields(tenant));
  return continueAfter(member.id, "personal");
}

export default function PersonalStep() {
  const { fields: asked, current } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["account", "profile"]);
  const navigation = useNavigation();
  const [form, fields] = useForm<z.infer<typeof personalSchema>>({
    id: "personal",
    lastResult: actionData?.result,
    defaultValue: current,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: personalSchema }),
  });
  return (
    <SignupStepFrame step="personal">
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        {asked.map((name) => (
          <Field key={name} label={t(`profile:fields.${name}`)} htmlFor={fields[name].id}>
            <select {...getSelectProps(fields[name])} className={inputClass}>
              <option value="">{t("profile:notSaying")}</option>
              {PERSONAL_FIELDS[name].map((value) => (
                <option key={value} value={value}>
                  {t(`profile:options.${name}.${value}`)}
                </option>
              ))}
            </select>
            <FieldErrors id={fields[name].errorId} errors={fields[name].errors} />
          </Field>
        ))}
        {asked.includes("sexuality") ? <SexualityConsent field={fields.sexuality_consent} /> : null}
        <div className="sm:col-span-2">
          <StepButtons busy={navigation.state !== "idle"} />
        </div>
      </Form>
    </SignupStepFrame>
  );
}
