import { Link, useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/i18n/languages";
import type { PublicBrand } from "~/tenancy/public-brand";
import { BrandLogo } from "./BrandLogo";
import { LanguageSwitcher } from "./LanguageSwitcher";

interface RouteHandle {
  hideLanguageSwitcher?: boolean;
}

/** Top navigation of the default layout, in its logged-out state: a Login button leading to members. */
export function TopNav({ brand, languages, current }: { brand: PublicBrand; languages: Language[]; current: Language }) {
  const { t } = useTranslation("common");
  const hideSwitcher = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hideLanguageSwitcher);
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <nav className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3" aria-label={t("nav.label")}>
        <BrandLogo brand={brand} />
        <div className="flex items-center gap-3">
          {hideSwitcher ? null : <LanguageSwitcher languages={languages} current={current} />}
          <Link to="/members" className="btn-primary" data-testid="nav-login">
            {t("nav.login")}
          </Link>
        </div>
      </nav>
    </header>
  );
}
