import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SignupStepFrame, StepButtons } from "~/components/account/SignupStep";
import { Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { continueAfter, isSkip } from "~/models/accounts/pages/complete-signup.server";
import { ABOUT_MAX, aboutSchema } from "~/models/profiles/profile-forms";
import { profileOf, saveAbout, textReviewOf } from "~/models/profiles/profile-update.server";
import { requireMember } from "~/web/require-member.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member } = requireMember(request, context);
  return { about: (await profileOf(db(), member.id))?.about ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { member, tenant } = requireMember(request, context);
  const form = await request.formData();
  if (isSkip(form)) return continueAfter(member.id, "about");
  const submission = parseWithZod(form, { schema: aboutSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveAbout(db(), member.id, submission.value.about, textReviewOf(tenant));
  return continueAfter(member.id, "about");
}

export default function AboutStep() {
  const { about } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "about",
    lastResult: actionData?.result,
    defaultValue: { about },
    constraint: getZodConstraint(aboutSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: aboutSchema }),
  });
  return (
    <SignupStepFrame step="about">
      <Form method="post" {...getFormProps(form)}>
        <Field label={t("completeSignup.about.label")} htmlFor={fields.about.id} hint={t("completeSignup.about.hint", { max: ABOUT_MAX })}>
          <textarea {...getTextareaProps(fields.about)} rows={6} className={inputClass} />
          <FieldErrors id={fields.about.errorId} errors={fields.about.errors} values={{ max: ABOUT_MAX }} />
        </Field>
        <StepButtons busy={navigation.state !== "idle"} />
      </Form>
    </SignupStepFrame>
  );
}
