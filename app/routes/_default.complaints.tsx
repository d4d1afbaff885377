import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StaticPageView } from "~/components/StaticPageView";
import { Alert, Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { SUPPORT_SUBJECTS } from "~/domain/support-subjects";
import { COMPLAINT_MESSAGE_MAX, complaintSchema } from "~/models/support/complaint-form";
import { submitComplaint } from "~/models/support/pages/complaint-page.server";
import { staticPageData } from "~/models/site/static-page.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { tooManyInit } from "~/web/too-many.server";

export const handle = { i18n: ["common", "pages", "moderation"] };

export async function loader({ context }: LoaderFunctionArgs) {
  return { ...(await staticPageData("complaints", requireTenant(context), context.language)), visitor: context.member === null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await submitComplaint(await request.formData(), requireTenant(context), context);
  if (outcome.ok) return data({ sent: { reference: outcome.reference, email: outcome.email }, result: null });
  return data({ sent: null, result: outcome.reply }, outcome.retryAfterSeconds ? tooManyInit(outcome.retryAfterSeconds) : { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** How to complain, to whom, and what happens next (from the brand's company info), and the form that opens a case. */
export default function ComplaintsRoute() {
  const { visitor, ...page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <StaticPageView {...page}>{actionData?.sent ? <ComplaintSent {...actionData.sent} /> : <ComplaintForm visitor={visitor} lastResult={actionData?.result ?? undefined} />}</StaticPageView>;
}

function ComplaintSent({ reference, email }: { reference: string; email: string }) {
  const { t } = useTranslation("moderation");
  return (
    <section className="mt-8" aria-labelledby="complaint-sent">
      <Alert tone="success" testId="complaint-sent">
        <h2 id="complaint-sent" className="font-semibold">
          {t("complaints.sent.title")}
        </h2>
        <p className="mt-1">{t("complaints.sent.body", { reference, email })}</p>
      </Alert>
    </section>
  );
}

function ComplaintForm({ visitor, lastResult }: { visitor: boolean; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("moderation");
  const navigation = useNavigation();
  const schema = complaintSchema(visitor);
  const [form, fields] = useForm({
    id: "complaint",
    lastResult,
    constraint: getZodConstraint(schema),
    // Errors go as they are put right, not on leaving a field: a message that vanished on blur moved the button away from a click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <section className="mt-8 rounded-xl border border-gray-200 bg-white p-5" aria-labelledby="complaint-form">
      <h2 id="complaint-form" className="text-xl font-semibold">
        {t("complaints.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t("complaints.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        {form.errors?.length ? <Alert tone="danger">{form.errors.map((error) => t(error))}</Alert> : null}
        <Field label={t("complaints.subject")} htmlFor={fields.subject.id}>
          <select {...getSelectProps(fields.subject)} className={inputClass} data-testid="complaint-subject">
            <option value="">{t("complaints.choose")}</option>
            {SUPPORT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {t(`complaints.subjects.${subject}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.subject.errorId} errors={fields.subject.errors} />
        </Field>
        {visitor ? (
          <Field label={t("complaints.email")} htmlFor={fields.email.id}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} data-testid="complaint-email" />
            <FieldErrors id={fields.email.errorId} errors={fields.email.errors} />
          </Field>
        ) : null}
        <Field label={t("complaints.order")} htmlFor={fields.order.id} hint={t("complaints.orderHint")}>
          <input {...getInputProps(fields.order, { type: "text" })} className={inputClass} data-testid="complaint-order" />
          <FieldErrors id={fields.order.errorId} errors={fields.order.errors} />
        </Field>
        <Field label={t("complaints.message")} htmlFor={fields.message.id}>
          <textarea {...getTextareaProps(fields.message)} rows={6} className={inputClass} data-testid="complaint-message" />
          <FieldErrors id={fields.message.errorId} errors={fields.message.errors} values={{ max: COMPLAINT_MESSAGE_MAX }} />
        </Field>
        <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"} data-testid="complaint-submit">
          {t("complaints.submit")}
        </button>
      </Form>
    </section>
  );
}
