import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Field, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { startSession } from "~/models/accounts/sessions.server";
import { checkSecondFactor } from "~/models/accounts/two-factor.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { loginStepCookie } from "~/web/cookies.server";
import { safeRedirectPath } from "~/web/http.server";
import { tooManyInit, waitMinutes } from "~/web/too-many.server";

export const handle = { i18n: ["common", "account"] };

/** The member between password and code, or null when the step expired or was never taken. */
async function pendingMember(request: Request): Promise<number | null> {
  const value = (await loginStepCookie.parse(request.headers.get("cookie"))) as { memberId?: unknown; expires?: unknown } | null;
  if (!value || typeof value.memberId !== "number" || typeof value.expires !== "number" || value.expires < Date.now()) return null;
  return value.memberId;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  if ((await pendingMember(request)) === null) throw redirect("/login");
  const t = await getFixedT(context.language, "security");
  return { title: `${t("twoFactor.loginTitle")} | ${tenant.name}` };
}

/** The second step of a two-step login: an app code or a recovery code, then the session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const memberId = await pendingMember(request);
  if (memberId === null) throw redirect("/login");
  const counted = await countRequest(db(), tenant.id, [
    [RATE_LIMITS.secondFactorPerMember, memberId],
    [RATE_LIMITS.secondFactorPerAddress, context.clientIp],
  ]);
  if (!counted.ok) return data({ error: "security:tooMany", minutes: waitMinutes(counted.retryAfterSeconds) }, tooManyInit(counted.retryAfterSeconds));
  const code = String((await request.formData()).get("code") ?? "").slice(0, 40);
  if (!(await checkSecondFactor(db(), memberId, code))) return data({ error: "security:twoFactor.wrong", minutes: 0 }, { status: 400 });
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(db(), { memberId, siteId: tenant.id, userAgent: request.headers.get("user-agent") }));
  headers.append("Set-Cookie", await loginStepCookie.serialize("", { maxAge: 0 }));
  return redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/"), { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function LoginCodePage() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("security");
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold">{t("twoFactor.loginTitle")}</h1>
      <p className="mt-2 text-gray-600">{t("twoFactor.loginIntro")}</p>
      <Form method="post" className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm" data-testid="login-code-form">
        {actionData?.error ? (
          <Alert tone="danger" testId="login-code-error">
            {t(actionData.error, { minutes: actionData.minutes })}
          </Alert>
        ) : null}
        <Field label={t("twoFactor.code")} htmlFor="login-code">
          <input id="login-code" name="code" autoComplete="one-time-code" inputMode="numeric" required className={inputClass} />
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="login-code-submit">
          {t("twoFactor.confirm")}
        </button>
      </Form>
    </main>
  );
}
