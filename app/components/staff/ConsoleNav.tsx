import { AppNavLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";

const PAGES = [
  { to: "/staff/console", label: "console.nav.figures", end: true },
  { to: "/staff/console/discounts", label: "console.nav.discounts", end: false },
  { to: "/staff/console/direct-debit", label: "console.nav.directDebit", end: false },
  { to: "/staff/console/texts", label: "console.nav.texts", end: false },
  { to: "/staff/console/brands", label: "console.nav.brands", end: false },
] as const;

/** The brand console's pages (docs/product/console.md). */
export function ConsoleNav() {
  const { t } = useTranslation("staff");
  return (
    <nav aria-label={t("console.nav.label")} className="flex flex-wrap gap-4 border-b border-gray-300 pb-2 text-sm">
      {PAGES.map((page) => (
        <AppNavLink key={page.to} to={page.to} end={page.end} className={({ isActive }) => (isActive ? "font-semibold underline" : "underline")}>
          {t(page.label)}
        </AppNavLink>
      ))}
    </nav>
  );
}
