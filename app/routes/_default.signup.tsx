import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SignupForm } from "~/components/account/SignupForm";
import { db } from "~/db.server";
import { Alert } from "~/components/ui/Field";
import { sendActivationMail, sendExistingAccountMail } from "~/models/accounts/account-mail.server";
import { revealsAccounts } from "~/models/accounts/account-disclosure";
import { startSession } from "~/models/accounts/sessions.server";
import { submitSignup } from "~/models/accounts/pages/signup.server";
import { tooManyInit, waitMinutes } from "~/web/too-many.server";
import { signupFormSettings, visitTracking } from "~/models/accounts/pages/signup-form-settings.server";
import { signupOpen } from "~/models/accounts/tracking";
import { getFixedT } from "~/i18n/i18next.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { signupSentCookie, trackingCookie } from "~/web/cookies.server";
import { siteOrigin } from "~/web/site-origin.server";

export const handle = { i18n: ["common", "account"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  if (context.member) throw redirect("/");
  const t = await getFixedT(context.language, "account");
  return { ...(await signupFormSettings(request, tenant)), title: `${t("signup.title")} | ${tenant.name}` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  if (context.member) throw redirect("/");
  const tracking = await visitTracking(request, tenant);
  if (!signupOpen(tenant.settings.signups, tracking)) throw redirect("/signup");
  const outcome = await submitSignup(await request.formData(), tenant, context, tracking);
  if (!outcome.ok) {
    const result = { result: outcome.reply, suggestion: outcome.suggestion, waitMinutes: outcome.retryAfterSeconds ? waitMinutes(outcome.retryAfterSeconds) : undefined };
    return data(result, outcome.retryAfterSeconds ? tooManyInit(outcome.retryAfterSeconds) : { status: 400 });
  }

  const origin = siteOrigin(request, tenant);
  if (!revealsAccounts(tenant)) {
    // The same answer whether the address was new or not: the link in the mail goes on.
    if (outcome.account) await sendActivationMail(tenant, { email: outcome.email, name: outcome.name, language: context.language }, outcome.account.activationToken, origin);
    else await sendExistingAccountMail(tenant, outcome.holder, origin);
    return redirect("/signup/sent", { headers: { "Set-Cookie": await signupSentCookie.serialize(outcome.email) } });
  }
  if (!outcome.account) throw new Error("an existing address reached the signup of a brand that reveals accounts");
  await sendActivationMail(tenant, { email: outcome.email, name: outcome.name, language: context.language }, outcome.account.activationToken, origin);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await startSession(db(), { memberId: outcome.account.memberId, siteId: tenant.id, userAgent: request.headers.get("user-agent") }),
  );
  // The visit's tracking now lives on the account.
  headers.append("Set-Cookie", await trackingCookie.serialize("", { maxAge: 0 }));
  return redirect("/complete-signup", { headers });
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
            <Link to="/login" className="font-semibold text-primary underline">
              {t("signup.loginLink")}
            </Link>
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
