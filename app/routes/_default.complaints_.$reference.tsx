import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { COMPLAINT_MESSAGE_MAX, caseReplySchema } from "~/models/support/complaint-form";
import { addCustomerMessage, customerCase } from "~/models/support/support-cases.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { setFlash } from "~/web/flash.server";
import { notFound } from "~/web/http.server";
import { linkToken } from "~/web/link-token.server";
import { tooManyInit } from "~/web/too-many.server";

export const handle = { i18n: ["common", "moderation"] };

/** A case through the link in its mails (docs/product/support.md#cases); a wrong link is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  // The mail's link carries the token as `?t=`; it moves into a cookie at once (review N-L-9).
  const token = (await linkToken(request, "t")) ?? "";
  const found = await customerCase(db(), { reference: params.reference ?? "", token }, tenant.id);
  if (!found) notFound();
  const t = await getFixedT(context.language, "moderation");
  return { ...found, token, title: `${t("case.title", { reference: found.reference })} | ${tenant.name}` };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const submission = parseWithZod(await request.formData(), { schema: caseReplySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.complaintPerAddress, context.clientIp]]);
  if (!counted.ok) return data({ result: submission.reply({ formErrors: ["security:tooMany"] }) }, tooManyInit(counted.retryAfterSeconds));
  const access = { reference: params.reference ?? "", token: submission.value.token };
  if (!(await addCustomerMessage(db(), access, { body: submission.value.message, via: "form", siteId: tenant.id }))) notFound();
  return redirect(`/complaints/${access.reference}`, { headers: { "Set-Cookie": await setFlash({ tone: "success", key: "moderation:case.added" }) } });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : []);

export default function CasePage() {
  const { reference, subject, status, messages, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("moderation");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "case-reply",
    lastResult: actionData?.result,
    constraint: getZodConstraint(caseReplySchema),
    // Errors go as they are put right, not on leaving a field: a message that vanished on blur moved the button away from a click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: caseReplySchema }),
  });
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("case.title", { reference })}</h1>
      <p className="mt-1 text-gray-700" data-testid="case-status">
        {t(`complaints.subjects.${subject}`)} · {t(`case.status.${status}`)}
      </p>
      <ol className="mt-6 space-y-3">
        {messages.map((message) => (
          <li key={message.id} className={`rounded-xl p-4 ${message.author === "staff" ? "bg-primary/10" : "border border-gray-200 bg-white"}`} data-testid="case-message" data-author={message.author}>
            <p className="text-xs text-gray-600">
              {message.author === "staff" ? t("case.fromSupport") : t("case.fromYou")} · {new Date(message.at).toLocaleString()}
            </p>
            <p className="mt-1 whitespace-pre-wrap">{message.body}</p>
          </li>
        ))}
      </ol>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        {form.errors?.length ? <Alert tone="danger">{form.errors.map((error) => t(error))}</Alert> : null}
        <input type="hidden" name="token" value={token} />
        <Field label={t("case.reply")} htmlFor={fields.message.id}>
          <textarea {...getTextareaProps(fields.message)} rows={5} className={inputClass} data-testid="case-reply" />
          <FieldErrors id={fields.message.errorId} errors={fields.message.errors} values={{ max: COMPLAINT_MESSAGE_MAX }} />
        </Field>
        <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"} data-testid="case-reply-submit">
          {t("case.send")}
        </button>
      </Form>
    </main>
  );
}
