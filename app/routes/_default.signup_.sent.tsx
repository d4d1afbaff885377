import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { getFixedT } from "~/i18n/i18next.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { signupSentCookie } from "~/web/cookies.server";

export const handle = { i18n: ["common", "account"] };

/**
 * After a signup on a brand that does not tell whether an address has an account
 * (docs/product/safety.md#account-enumeration): the same page either way, the mail goes on.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  if (context.member) throw redirect("/");
  const email = (await signupSentCookie.parse(request.headers.get("cookie"))) as unknown;
  if (typeof email !== "string") throw redirect("/signup");
  const t = await getFixedT(context.language, "security");
  return { email, title: `${t("signupSent.title")} | ${tenant.name}` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default function SignupSentPage() {
  const { email } = useLoaderData<typeof loader>();
  const { t } = useTranslation("security");
  return (
    <main className="mx-auto max-w-md px-4 py-10" data-testid="signup-sent">
      <h1 className="text-3xl font-bold">{t("signupSent.title")}</h1>
      <p className="mt-4">{t("signupSent.body", { email })}</p>
      <p className="mt-2 text-sm text-gray-600">{t("signupSent.spam")}</p>
      <AppLink to="/login" className="btn-outline mt-6">
        {t("signupSent.login")}
      </AppLink>
    </main>
  );
}
