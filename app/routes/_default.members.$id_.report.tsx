import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { Alert, Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { REPORT_REASONS } from "~/domain/moderation-reasons";
import { getFixedT } from "~/i18n/i18next.server";
import { REPORT_TEXT_LIMIT, reportSchema } from "~/models/moderation/report-form";
import { reportableProfile, reportProfile } from "~/models/moderation/reports.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { setFlash } from "~/web/flash.server";
import { notFound } from "~/web/http.server";
import { requireMember } from "~/web/require-member.server";
import { tooManyCall, tooManyInit } from "~/web/too-many.server";

export const handle = { i18n: ["common", "moderation"] };

async function reported(request: Request, context: LoaderFunctionArgs["context"], idParam: string | undefined) {
  const { member, tenant } = requireMember(request, context);
  // Member ids are sequential: the page names whom it reports, so it counts as a profile view (review N-L-2).
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.profileViewPerMember, member.id]]);
  if (!counted.ok) throw await tooManyCall(counted.retryAfterSeconds, context.language);
  const id = Number(idParam);
  const profile = Number.isSafeInteger(id) && id > 0 ? await reportableProfile(db(), { memberId: id, pool: tenant.pool, viewerId: member.id }) : null;
  if (!profile) notFound();
  return { member, tenant, id, name: profile.name };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { id, name } = await reported(request, context, params.id);
  const conversation = Number(new URL(request.url).searchParams.get("conversation")) || null;
  const t = await getFixedT(context.language, "moderation");
  return { id, name, conversation, title: t("report.title", { name }) };
}

/** Stores the report and goes back where the member came from, with a thank-you. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { member, tenant, id } = await reported(request, context, params.id);
  const submission = parseWithZod(await request.formData(), { schema: reportSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { reason, text, conversation } = submission.value;
  const outcome = await reportProfile(db(), { reporterId: member.id, siteId: tenant.id, pool: tenant.pool, reportedId: id, conversationId: conversation ?? null, reason, text: text ?? null });
  if (!outcome.ok && outcome.reason === "tooMany") return data({ result: submission.reply({ formErrors: ["moderation:report.errors.tooMany"] }) }, tooManyInit(outcome.retryAfterSeconds));
  if (!outcome.ok && outcome.reason === "notFound") notFound();
  const back = conversation ? `/chats/${conversation}` : `/members/${id}`;
  const flash = outcome.ok ? "moderation:report.sent" : "moderation:report.already";
  return redirect(back, { headers: { "Set-Cookie": await setFlash({ tone: "success", key: flash }) } });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function ReportProfilePage() {
  const { id, name, conversation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("moderation");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "report",
    lastResult: actionData?.result,
    constraint: getZodConstraint(reportSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportSchema }),
  });
  return (
    <main className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("report.title", { name })}</h1>
      <p className="mt-2 text-gray-700">{t("report.intro", { name })}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        {conversation ? <input type="hidden" name="conversation" value={conversation} /> : null}
        {form.errors?.length ? (
          <Alert tone="danger" testId="report-error">
            {form.errors.map((error) => t(error))}
          </Alert>
        ) : null}
        <fieldset aria-describedby={fields.reason.errorId}>
          <legend className="text-sm font-medium text-gray-800">{t("report.reason")}</legend>
          <div className="mt-2 space-y-2">
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex items-center gap-2">
                <input type="radio" name={fields.reason.name} value={reason} defaultChecked={fields.reason.initialValue === reason} data-testid={`report-reason-${reason}`} />
                {t(`reasons.report.${reason}`)}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
        </fieldset>
        <Field label={t("report.text")} htmlFor={fields.text.id}>
          <textarea {...getTextareaProps(fields.text)} rows={5} className={inputClass} data-testid="report-text" />
          <FieldErrors id={fields.text.errorId} errors={fields.text.errors} values={{ max: REPORT_TEXT_LIMIT }} />
        </Field>
        <div className="flex items-center gap-4">
          <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"} data-testid="report-submit">
            {t("report.submit")}
          </button>
          <AppLink to={conversation ? `/chats/${conversation}` : `/members/${id}`} className="text-gray-700 underline">
            {t("report.cancel")}
          </AppLink>
        </div>
      </Form>
    </main>
  );
}
