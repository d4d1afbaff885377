import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { SignupForm } from "~/components/account/SignupForm";
import { Alert } from "~/components/ui/Field";
import { signupFormSettings } from "~/models/accounts/pages/signup-form-settings.server";
import { signupAction } from "~/models/accounts/pages/signup-action.server";
import { getFixedT } from "~/i18n/i18next.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common", "account"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  if (context.member) throw redirect("/");
  const t = await getFixedT(context.language, "account");
  return { ...(await signupFormSettings(request, tenant)), title: `${t("signup.title")} | ${tenant.name}` };
}

export function action(args: ActionFunctionArgs) {
  return signupAction(args);
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function SignupPage() {
  const { open, minAge, latestBirthDate } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold">{t("signup.title")}</h1>
      {open ? (
        <>
          <p className="mt-2 text-gray-600">{t("signup.intro")}</p>
          <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
            <SignupForm minAge={minAge} latestBirthDate={latestBirthDate} lastResult={actionData?.result} suggestion={actionData?.suggestion} />
          </div>
          <p className="mt-6 text-center text-sm text-gray-600">
            {t("signup.haveAccount")}{" "}
            <AppLink to="/login" className="font-semibold text-primary underline">
              {t("signup.loginLink")}
            </AppLink>
          </p>
        </>
      ) : (
        <div className="mt-6">
          <Alert tone="info" testId="invite-only">
            {t("signup.inviteOnly")}
          </Alert>
        </div>
      )}
    </main>
  );
}
