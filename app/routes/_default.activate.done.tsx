import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { getFixedT } from "~/i18n/i18next.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common", "account"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const t = await getFixedT(context.language, "account");
  return { title: `${t("activate.doneTitle")} | ${tenant.name}`, loggedIn: context.member !== null };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** After the activation link: what a new member can do next. */
export default function ActivationDone() {
  const { loggedIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  const next = [
    { to: "/premium", title: t("activate.premiumTitle"), body: t("activate.premiumBody") },
    { to: "/members", title: t("activate.searchTitle"), body: t("activate.searchBody") },
    { to: loggedIn ? "/complete-signup" : "/login?redirectTo=/complete-signup", title: t("activate.profileTitle"), body: t("activate.profileBody") },
  ];
  return (
    <main className="mx-auto max-w-3xl px-4 py-12" data-testid="activate-done">
      <h1 className="text-3xl font-bold text-success">{t("activate.doneTitle")}</h1>
      <p className="mt-2 text-gray-700">{t("activate.doneIntro")}</p>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {next.map((item) => (
          <li key={item.to}>
            <AppLink to={item.to} className="block h-full rounded-2xl bg-white p-5 no-underline shadow-sm hover:ring-2 hover:ring-primary">
              <span className="font-semibold text-primary">{item.title}</span>
              <span className="mt-2 block text-sm text-gray-600">{item.body}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </main>
  );
}
