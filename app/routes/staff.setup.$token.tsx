import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Field, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { setStaffPassword, setupLinkValid } from "~/models/staff/staff-accounts.server";
import { isRefusedPassword } from "~/models/accounts/password-policy.server";

export const handle = { i18n: ["common", "staff"] };

/** Staff passwords are longer than members'; the second step is mandatory besides. */
const MIN_LENGTH = 12;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const t = await getFixedT(context.language, "staff");
  return { valid: await setupLinkValid(db(), params.token ?? ""), title: `${t("setup.title")} | ${t("title")}` };
}

/** Chooses the password through the one-time link the staff command printed. */
export async function action({ request, params }: ActionFunctionArgs) {
  // The link first: no password is hashed for a dead one.
  if (!(await setupLinkValid(db(), params.token ?? ""))) return data({ error: "setup.invalid" }, { status: 400 });
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  const repeat = String(form.get("repeat") ?? "");
  const error =
    password.length < MIN_LENGTH ? "setup.tooShort" : password.length > 200 ? "setup.tooLong" : password !== repeat ? "setup.mismatch" : (await isRefusedPassword(password, [])) ? "setup.guessable" : null;
  if (error) return data({ error }, { status: 400 });
  if (!(await setStaffPassword(db(), params.token ?? "", password))) return data({ error: "setup.invalid" }, { status: 400 });
  throw redirect("/staff/login?ready=1");
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex, nofollow" }] : []);

export default function StaffSetupPage() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staff");
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{t("setup.title")}</h1>
      {valid ? (
        <Form method="post" className="mt-6 space-y-4 rounded-xl bg-white p-6 shadow-sm" data-testid="staff-setup-form">
          <p className="text-gray-700">{t("setup.intro", { min: MIN_LENGTH })}</p>
          {actionData?.error ? (
            <Alert tone="danger" testId="staff-setup-error">
              {t(actionData.error, { min: MIN_LENGTH })}
            </Alert>
          ) : null}
          <Field label={t("setup.password")} htmlFor="setup-password">
            <input id="setup-password" name="password" type="password" autoComplete="new-password" required minLength={MIN_LENGTH} className={inputClass} />
          </Field>
          <Field label={t("setup.repeat")} htmlFor="setup-repeat">
            <input id="setup-repeat" name="repeat" type="password" autoComplete="new-password" required className={inputClass} />
          </Field>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {t("setup.submit")}
          </button>
        </Form>
      ) : (
        <Alert tone="danger" testId="staff-setup-invalid">
          {t("setup.invalid")}
        </Alert>
      )}
    </main>
  );
}
