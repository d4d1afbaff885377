import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { sendPasswordResetMail } from "~/models/accounts/account-mail.server";
import { TOKEN_LIFETIME_MS } from "~/models/accounts/email-tokens.server";
import { requestPasswordReset } from "~/models/accounts/password-reset.server";
import { revealsAccounts } from "~/models/accounts/account-disclosure";
import { resetRequestSchema } from "~/models/accounts/password-schema";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { siteOrigin } from "~/web/site-origin.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { tooManyInit, waitMinutes } from "~/web/too-many.server";

export const handle = { i18n: ["common", "account"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  if (context.member) throw redirect("/");
  const t = await getFixedT(context.language, "account");
  return { title: `${t("reset.title")} | ${tenant.name}` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const submission = parseWithZod(await request.formData(), { schema: resetRequestSchema });
  const none = { sentTo: null, hours: 0, waitMinutes: 0, neutral: false };
  if (submission.status !== "success") return data({ ...none, result: submission.reply() }, { status: 400 });
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.resetRequestPerAddress, context.clientIp]]);
  if (!counted.ok) {
    const result = submission.reply({ fieldErrors: { email: ["security:tooMany"] } });
    return data({ ...none, result, waitMinutes: waitMinutes(counted.retryAfterSeconds) }, tooManyInit(counted.retryAfterSeconds));
  }
  const outcome = await requestPasswordReset(db(), tenant, submission.value.email);
  if (outcome.ok) await sendPasswordResetMail(tenant, outcome.member, outcome.token, siteOrigin(request, tenant));
  const hours = TOKEN_LIFETIME_MS.reset_password / 3_600_000;
  // A brand that does not tell who has an account answers every address alike
  // (docs/product/safety.md#account-enumeration); the others say what happened.
  if (!revealsAccounts(tenant)) return data({ ...none, result: submission.reply({ resetForm: true }), sentTo: submission.value.email, hours, neutral: true });
  if (!outcome.ok) return data({ ...none, result: submission.reply({ fieldErrors: { email: [`reset.${outcome.reason}`] } }) }, { status: 400 });
  return data({ ...none, result: submission.reply({ resetForm: true }), sentTo: outcome.member.email, hours });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function ResetPasswordRequest() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-request",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetRequestSchema),
    shouldValidate: "onBlur",
    // A server error on a field clears as soon as the member types in it again.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold">{t("reset.title")}</h1>
      <p className="mt-2 text-gray-600">{t("reset.intro")}</p>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
        {actionData?.sentTo ? (
          <Alert tone="success" testId="reset-sent">
            {actionData.neutral
              ? t("security:resetSentIfKnown", { email: actionData.sentTo, hours: actionData.hours })
              : t("reset.sent", { email: actionData.sentTo, hours: actionData.hours })}
          </Alert>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="reset-form">
            <Field label={t("signup.email")} htmlFor={fields.email.id}>
              <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
              <FieldErrors id={fields.email.errorId} errors={fields.email.errors} values={{ minutes: actionData?.waitMinutes }} />
            </Field>
            <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
              {t("reset.submit")}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
