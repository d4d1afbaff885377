import { useRouteLoaderData } from "@remix-run/react";
import { AppNavLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";

/** What the staff layout's loader (routes/staff.tsx) hands its pages for this menu. */
interface StaffLayoutData {
  consoleLinks: Array<{ to: string; label: string; end?: boolean }>;
}

/** The brand console's pages this admin can use (docs/product/console.md; staff-pages.server.ts). */
export function ConsoleNav() {
  const { t } = useTranslation("staff");
  const pages = useRouteLoaderData<StaffLayoutData>("routes/staff")?.consoleLinks ?? [];
  return (
    <nav aria-label={t("console.nav.label")} className="flex flex-wrap gap-4 border-b border-gray-300 pb-2 text-sm">
      {pages.map((page) => (
        <AppNavLink key={page.to} to={page.to} end={page.end ?? false} className={({ isActive }) => (isActive ? "font-semibold underline" : "underline")}>
          {t(page.label)}
        </AppNavLink>
      ))}
    </nav>
  );
}
