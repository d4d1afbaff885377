import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { SignupLink } from "~/components/account/SignupModal";
import { Alert, Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { getFixedT } from "~/i18n/i18next.server";
import { checkedPassword, finishLogin, loginAuthenticator } from "~/models/accounts/pages/login.server";
import { loginSchema } from "~/models/accounts/login-schema";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { safeRedirectPath } from "~/web/http.server";

export const handle = { i18n: ["common", "account"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (context.member) throw redirect(redirectTo);
  const t = await getFixedT(context.language, "account");
  // Arrived from a notification mail's link that was used before or expired.
  const spentLink = new URL(request.url).searchParams.get("link") === "spent";
  return { redirectTo, spentLink, title: `${t("login.title")} | ${tenant.name}` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }), refusal: null }, { status: 400 });
  const outcome = await finishLogin(tenant, request, await checkedPassword(loginAuthenticator(tenant, context).authenticate("form", request)));
  const redirectTo = safeRedirectPath(submission.value.redirectTo, "/");
  switch (outcome.kind) {
    case "session":
      return redirect(redirectTo, { headers: { "Set-Cookie": outcome.cookie } });
    case "secondStep":
      return redirect(`/login/code?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: { "Set-Cookie": outcome.cookie } });
    case "disabled":
      // A switched-off account learns why on the ban page (docs/product/accounts.md#login), without a session.
      return redirect("/pages/ban", { headers: { "Set-Cookie": outcome.cookie } });
    case "refused":
      // The refusal travels beside the reply: a form-level error in the reply would keep conform
      // from submitting the corrected form.
      return data({ result: submission.reply({ hideFields: ["password"] }), refusal: { key: outcome.key, minutes: outcome.minutes } }, { status: 400 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function LoginPage() {
  const { redirectTo, spentLink } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold">{t("login.title")}</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
        <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="login-form">
          {spentLink && !actionData?.refusal ? (
            <Alert tone="info" testId="login-link-spent">
              {t("login.linkSpent")}
            </Alert>
          ) : null}
          {actionData?.refusal ? (
            <Alert tone="danger" testId="login-error">
              {t(actionData.refusal.key, { minutes: actionData.refusal.minutes })}
            </Alert>
          ) : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field label={t("signup.email")} htmlFor={fields.email.id}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="username" className={inputClass} />
            <FieldErrors id={fields.email.errorId} errors={fields.email.errors} />
          </Field>
          <Field label={t("signup.password")} htmlFor={fields.password.id}>
            <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className={inputClass} />
            <FieldErrors id={fields.password.errorId} errors={fields.password.errors} />
          </Field>
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={navigation.state !== "idle"} data-testid="login-submit">
            {t("login.submit")}
          </button>
        </Form>
        <p className="mt-4 text-center text-sm">
          <AppLink to="/reset-password" className="text-primary underline">
            {t("login.forgotPassword")}
          </AppLink>
        </p>
      </div>
      <p className="mt-6 text-center text-sm text-gray-600">
        {t("login.noAccount")}{" "}
        <SignupLink className="font-semibold text-primary underline">
          {t("login.signupLink")}
        </SignupLink>
      </p>
    </main>
  );
}
