import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { getFixedT } from "~/i18n/i18next.server";
import { SIGNUP_STEPS } from "~/models/accounts/signup-steps";
import { requireTenant } from "~/tenancy/require-tenant.server";

/** docs/product/accounts.md#signup-steps: the language switcher is hidden while completing signup. */
export const handle = { i18n: ["common", "account", "profile"], hideLanguageSwitcher: true };

/** Every step's document title: the steps follow each other without this loader running again. */
export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const t = await getFixedT(context.language, "account");
  return { titles: Object.fromEntries(SIGNUP_STEPS.map((step) => [step, `${t(`completeSignup.${step}.title`)} | ${tenant.name}`])) };
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  const step = location.pathname.split("/")[2] ?? "";
  const title = data?.titles[step];
  return title ? [{ title }] : [];
};

export default function CompleteSignupLayout() {
  return <Outlet />;
}
