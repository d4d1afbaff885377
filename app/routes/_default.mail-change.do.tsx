import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { confirmEmailChange } from "~/models/accounts/account-settings.server";
import { setFlash } from "~/web/flash.server";
import { forgetLinkToken, linkToken } from "~/web/link-token.server";
import { peekToken } from "~/models/accounts/email-tokens.server";
import { startSession } from "~/models/accounts/sessions.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common", "account", "settings"] };

/**
 * The link in the change-e-mail mail opens a page with one button: a mail scanner that follows
 * links does not use the token, and the token leaves the address at once (link-token.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const token = (await linkToken(request)) ?? "";
  const t = await getFixedT(context.language, "settings");
  const valid = await peekToken(db(), token, "change_email", tenant.id);
  return { title: `${t("email.title")} | ${tenant.name}`, token: valid ? token : null, reason: valid ? null : ("invalidLink" as const) };
}

/**
 * Moves the account to the confirmed new address once. Every session of the member ends; this
 * browser, when it was the member's, gets a new one and lands on the settings, any other on the login page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const token = String((await request.formData()).get("token") ?? "");
  const outcome = await confirmEmailChange(db(), tenant, token);
  if (!outcome.ok) {
    const t = await getFixedT(context.language, "settings");
    return data({ title: `${t("email.title")} | ${tenant.name}`, token: null, reason: outcome.reason }, { status: 400 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await setFlash({ tone: "success", key: "settings:email.changed" }));
  headers.append("Set-Cookie", await forgetLinkToken(request));
  if (context.member?.id !== outcome.memberId) return redirect("/login", { headers });
  headers.append("Set-Cookie", await startSession(db(), { memberId: outcome.memberId, siteId: tenant.id, userAgent: request.headers.get("user-agent") }));
  return redirect("/settings", { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default function MailChangeConfirm() {
  const loaderData = useLoaderData<typeof loader>();
  const { token, reason } = useActionData<typeof action>() ?? loaderData;
  const { t } = useTranslation(["settings", "account", "security"]);
  const busy = useNavigation().state !== "idle";
  if (token) {
    return (
      <main className="mx-auto max-w-xl px-4 py-12" data-testid="mail-change-confirm">
        <h1 className="text-3xl font-bold">{t("email.title")}</h1>
        <p className="mt-4">{t("security:mailChange.confirmIntro")}</p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn-primary" disabled={busy} data-testid="mail-change-submit">
            {t("security:mailChange.confirm")}
          </button>
        </Form>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-12" data-testid="mail-change-failed">
      <h1 className="text-3xl font-bold">{t("email.title")}</h1>
      <div className="mt-4">
        <Alert tone="danger">{reason === "emailTaken" ? t("email.taken") : t("account:reset.invalidLink")}</Alert>
      </div>
      <AppLink to="/settings#email" className="btn-primary mt-6">
        {t("email.tryAgain")}
      </AppLink>
    </main>
  );
}
