import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { Alert, Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { peekToken } from "~/models/accounts/email-tokens.server";
import { setFlash } from "~/web/flash.server";
import { forgetLinkToken, linkToken } from "~/web/link-token.server";
import { resetPassword } from "~/models/accounts/password-reset.server";
import { newPasswordSchema } from "~/models/accounts/password-schema";
import { loginFromLink } from "~/models/accounts/pages/link-login.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { isRefusedPassword } from "~/models/accounts/password-policy.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { tooManyInit, waitMinutes } from "~/web/too-many.server";

export const handle = { i18n: ["common", "account"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const token = (await linkToken(request)) ?? "";
  const t = await getFixedT(context.language, "account");
  return { token, valid: await peekToken(db(), token, "reset_password", tenant.id), title: `${t("reset.newTitle")} | ${tenant.name}` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const submission = parseWithZod(await request.formData(), { schema: newPasswordSchema });
  const hide = { hideFields: ["password", "repeat"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), invalidLink: false, waitMinutes: 0 }, { status: 400 });
  // The cheap checks first: the address's count and the link, before the strength check and the
  // password hashing a flood of forged posts would otherwise cost.
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.resetSubmitPerAddress, context.clientIp]]);
  if (!counted.ok) {
    const result = submission.reply({ ...hide, fieldErrors: { password: ["security:tooMany"] } });
    return data({ result, invalidLink: false, waitMinutes: waitMinutes(counted.retryAfterSeconds) }, tooManyInit(counted.retryAfterSeconds));
  }
  if (!(await peekToken(db(), submission.value.token, "reset_password", tenant.id))) {
    return data({ result: submission.reply(hide), invalidLink: true, waitMinutes: 0 }, { status: 400 });
  }
  if (await isRefusedPassword(submission.value.password, [])) {
    return data({ result: submission.reply({ ...hide, fieldErrors: { password: ["validation.passwordGuessable"] } }), invalidLink: false, waitMinutes: 0 }, { status: 400 });
  }
  const memberId = await resetPassword(db(), tenant, submission.value.token, submission.value.password);
  if (memberId === null) return data({ result: submission.reply(hide), invalidLink: true, waitMinutes: 0 }, { status: 400 });
  // Logged in as after a login: with two-step login the code comes first (review N-M-6).
  const cookies = [await setFlash({ tone: "success", key: "reset.done" }), await forgetLinkToken(request)];
  return loginFromLink(tenant, request, context, memberId, "/", { cookies, sessionsEnded: true });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function ResetPasswordDo() {
  const { token, valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-do",
    lastResult: actionData?.result,
    constraint: getZodConstraint(newPasswordSchema),
    shouldValidate: "onBlur",
    // A server error on a field clears as soon as the member types in it again.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
  });
  const invalid = !valid || actionData?.invalidLink;
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold">{t("reset.newTitle")}</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
        {invalid ? (
          <>
            <Alert tone="danger" testId="reset-invalid">
              {t("reset.invalidLink")}
            </Alert>
            <AppLink to="/reset-password" className="btn-primary mt-4">
              {t("reset.requestNew")}
            </AppLink>
          </>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="new-password-form">
            <input type="hidden" name="token" value={token} />
            <Field label={t("reset.newPassword")} htmlFor={fields.password.id} hint={t("signup.passwordHint")}>
              <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" className={inputClass} />
              <FieldErrors id={fields.password.errorId} errors={fields.password.errors} values={{ minutes: actionData?.waitMinutes }} />
            </Field>
            <Field label={t("reset.repeatPassword")} htmlFor={fields.repeat.id}>
              <input {...getInputProps(fields.repeat, { type: "password" })} autoComplete="new-password" className={inputClass} />
              <FieldErrors id={fields.repeat.errorId} errors={fields.repeat.errors} />
            </Field>
            <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
              {t("reset.save")}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
