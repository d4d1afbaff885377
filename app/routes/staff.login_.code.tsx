import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Field, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { findStaffSession, finishStaffLogin } from "~/models/staff/staff-accounts.server";
import { staffSessionCookie } from "~/web/cookies.server";

export const handle = { i18n: ["common", "staff"] };

/** The session waiting for its code, or a redirect back to the password step. */
async function pendingSession(request: Request): Promise<string> {
  const sessionId = (await staffSessionCookie.parse(request.headers.get("cookie"))) as unknown;
  const found = typeof sessionId === "string" ? await findStaffSession(db(), sessionId) : null;
  if (found && "staff" in found) throw redirect("/staff");
  if (!found || typeof sessionId !== "string") throw redirect("/staff/login");
  return sessionId;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await pendingSession(request);
  const t = await getFixedT(context.language, "staff");
  return { title: `${t("code.title")} | ${t("title")}` };
}

/** The second step, mandatory for staff: a code of the authenticator app. */
export async function action({ request, context }: ActionFunctionArgs) {
  const sessionId = await pendingSession(request);
  const code = String((await request.formData()).get("code") ?? "").slice(0, 20);
  const outcome = await finishStaffLogin(db(), sessionId, code, context.clientIp);
  if (!outcome.ok) return data({ error: outcome.blockedMinutes > 0 ? "login.blocked" : "code.wrong", minutes: outcome.blockedMinutes }, { status: outcome.blockedMinutes > 0 ? 429 : 400 });
  // The verified session has a new id (review N-L-3): the pending one's cookie is replaced.
  throw redirect("/staff", { headers: { "Set-Cookie": await staffSessionCookie.serialize(outcome.sessionId) } });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex, nofollow" }] : []);

export default function StaffCodePage() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staff");
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{t("code.title")}</h1>
      <p className="mt-2 text-gray-700">{t("code.intro")}</p>
      <Form method="post" className="mt-6 space-y-4 rounded-xl bg-white p-6 shadow-sm" data-testid="staff-code-form">
        {actionData?.error ? (
          <Alert tone="danger" testId="staff-code-error">
            {t(actionData.error, { minutes: actionData.minutes })}
          </Alert>
        ) : null}
        <Field label={t("code.label")} htmlFor="staff-code">
          <input id="staff-code" name="code" autoComplete="one-time-code" inputMode="numeric" required className={inputClass} />
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {t("code.submit")}
        </button>
      </Form>
    </main>
  );
}
