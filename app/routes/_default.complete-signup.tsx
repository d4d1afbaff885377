import { Outlet } from "@remix-run/react";

/** docs/product/accounts.md#signup-steps: the language switcher is hidden while completing signup. */
export const handle = { i18n: ["common", "account", "profile"], hideLanguageSwitcher: true };

export default function CompleteSignupLayout() {
  return <Outlet />;
}
