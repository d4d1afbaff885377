import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Field, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { startStaffLogin } from "~/models/staff/staff-accounts.server";
import { staffSessionCookie } from "~/web/cookies.server";

export const handle = { i18n: ["common", "staff"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.staff) throw redirect("/staff");
  const t = await getFixedT(context.language, "staff");
  return { title: `${t("login.title")} | ${t("title")}`, ready: new URL(request.url).searchParams.has("ready") };
}

/** The first step of a staff login: the password. The code follows on /staff/login/code. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 200);
  const password = String(form.get("password") ?? "").slice(0, 200);
  const outcome = await startStaffLogin(db(), { email, password, ip: context.clientIp, userAgent: request.headers.get("user-agent") });
  if (!outcome.ok) {
    return data({ email, error: outcome.blockedMinutes > 0 ? "login.blocked" : "login.wrong", minutes: outcome.blockedMinutes }, { status: outcome.blockedMinutes > 0 ? 429 : 400 });
  }
  throw redirect("/staff/login/code", { headers: { "Set-Cookie": await staffSessionCookie.serialize(outcome.sessionId) } });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex, nofollow" }] : []);

export default function StaffLoginPage() {
  const { ready } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staff");
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{t("login.title")}</h1>
      <Form method="post" className="mt-6 space-y-4 rounded-xl bg-white p-6 shadow-sm" data-testid="staff-login-form">
        {ready && !actionData ? <Alert tone="success">{t("setup.done")}</Alert> : null}
        {actionData?.error ? (
          <Alert tone="danger" testId="staff-login-error">
            {t(actionData.error, { minutes: actionData.minutes })}
          </Alert>
        ) : null}
        <Field label={t("login.email")} htmlFor="staff-email">
          <input id="staff-email" name="email" type="email" autoComplete="username" required defaultValue={actionData?.email} className={inputClass} />
        </Field>
        <Field label={t("login.password")} htmlFor="staff-password">
          <input id="staff-password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {t("login.submit")}
        </button>
      </Form>
    </main>
  );
}
