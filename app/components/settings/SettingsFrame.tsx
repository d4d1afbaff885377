import { AppNavLink } from "~/components/ui/AppLink";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

const TABS = [
  { to: "/notifications", key: "tabs.notifications" },
  { to: "/settings", key: "tabs.account" },
  { to: "/settings/blocked", key: "tabs.blocked" },
  { to: "/settings/devices", key: "tabs.devices" },
  { to: "/settings/two-factor", key: "tabs.twoFactor" },
  { to: "/settings/privacy", key: "tabs.privacy" },
  { to: "/settings/spending", key: "tabs.spending" },
] as const;

/** Heading and tabs shared by the settings pages. */
export function SettingsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation("settings");
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <nav className="mt-4 flex gap-2 border-b border-gray-200" aria-label={t("title")}>
        {TABS.map((tab) => (
          <AppNavLink
            key={tab.to}
            to={tab.to}
            end
            className={({ isActive }) =>
              `-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${isActive ? "border-primary text-primary" : "border-transparent text-gray-600 hover:text-gray-900"}`
            }
          >
            {t(tab.key)}
          </AppNavLink>
        ))}
      </nav>
      <div className="mt-6 space-y-6">{children}</div>
    </main>
  );
}

export function SettingsSection({ title, id, children, testId }: { title: string; id?: string; children: ReactNode; testId?: string }) {
  return (
    <section id={id} className="rounded-2xl bg-white p-6 shadow-sm" data-testid={testId} aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 id={id ? `${id}-title` : undefined} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
