import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/ui/AppLink";
import { cookieSettingsHref } from "~/models/consent/settings-link";

/** "Cookie-instellingen": opens the cookie choice on the page the visitor is on (docs/product/site.md#consent-and-tags). */
export function CookieSettingsLink({ className }: { className?: string }) {
  const { t } = useTranslation("consent");
  const location = useLocation();
  return (
    <AppLink to={cookieSettingsHref(location.pathname, location.search)} preventScrollReset className={className} data-testid="cookie-settings-link">
      {t("footerLink")}
    </AppLink>
  );
}
