import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import type { PublicBrand } from "~/tenancy/public-brand";
import type { Language } from "~/domain/languages";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { CookieSettingsLink } from "~/components/consent/CookieSettingsLink";

/** The nine footer links (docs/product/site.md#footer), by route. */
export const FOOTER_LINKS = [
  ["terms", "/pages/terms"],
  ["privacy", "/pages/privacy"],
  ["cookies", "/pages/cookies"],
  ["ban", "/pages/ban"],
  ["pricing", "/pricing"],
  ["complaints", "/complaints"],
  ["returnPolicy", "/pages/return-policy"],
  ["faq", "/pages/faq"],
  ["support", "/pages/service"],
] as const;

/**
 * `usNotice` is the English-only United States notice (docs/product/site.md#footer), already translated on
 * the server, or null when the brand has it off.
 */
export function Footer({
  brand,
  usNotice,
  compact = false,
  languages,
  current,
}: {
  brand: PublicBrand;
  usNotice: string | null;
  compact?: boolean;
  /** On a phone the language choice is here, not in the slim top bar (docs/product/site.md#phone-layout). */
  languages?: Language[];
  current?: Language;
}) {
  const { t } = useTranslation("common");
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-gray-200 bg-white" data-testid="site-footer">
      <div className="mx-auto max-w-6xl px-4 py-8 text-sm text-gray-600">
        {languages && current ? (
          <LanguageSwitcher languages={languages} current={current} id="footer-language-select" testId="footer-language-switcher" className="mb-4 md:hidden" />
        ) : null}
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {FOOTER_LINKS.map(([key, to]) => (
            <li key={key}>
              <AppLink to={to} className="hover:text-primary hover:underline">
                {t(`footer.links.${key}`)}
              </AppLink>
            </li>
          ))}
        </ul>
        {compact ? null : (
          <p className="mt-6 max-w-3xl text-xs leading-relaxed text-gray-500" data-testid="footer-disclaimer">
            {t("footer.disclaimer", { siteName: brand.name })}
          </p>
        )}
        {usNotice ? (
          <p className="mt-3 max-w-3xl text-xs leading-relaxed text-gray-500" lang="en" data-testid="us-footer">
            {usNotice}
          </p>
        ) : null}
        <p className="mt-4 text-xs text-gray-500">
          © {year} {brand.name} ·{" "}
          <AppLink to="/lang-config" className="hover:text-primary hover:underline" data-testid="footer-language">
            {t("langConfig.title")}
          </AppLink>{" "}
          · <CookieSettingsLink className="hover:text-primary hover:underline" />
        </p>
      </div>
    </footer>
  );
}
