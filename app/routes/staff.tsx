import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Outlet, useLoaderData } from "@remix-run/react";
import { AppNavLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { consoleLinks, staffLinks } from "~/models/staff/staff-pages.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

/** The staff area (docs/product/staff.md#the-staff-area): its own layout, English or Dutch. */
export const handle = { i18n: ["common", "staff"] };

export function loader({ context }: LoaderFunctionArgs) {
  requireTenant(context);
  const staff = context.staff ?? null;
  if (!staff) return { staff: null, links: [], consoleLinks: [] };
  return { staff: { name: staff.name, email: staff.email }, links: staffLinks(staff), consoleLinks: consoleLinks(staff) };
}

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffLayout() {
  const { staff, links } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staff");
  return (
    <div className="min-h-screen bg-gray-100 text-gray-900">
      <header className="on-dark bg-gray-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <span className="font-semibold">{t("title")}</span>
          {staff ? (
            <nav aria-label={t("nav.label")} className="flex flex-wrap gap-3 text-sm">
              {links.map((link) => (
                <AppNavLink key={link.to} to={link.to} className={({ isActive }) => (isActive ? "underline" : "text-gray-300 hover:text-white")}>
                  {t(link.label)}
                </AppNavLink>
              ))}
            </nav>
          ) : null}
          {staff ? (
            <Form method="post" action="/staff/logout" className="ml-auto flex items-center gap-3 text-sm">
              <span className="text-gray-300">{staff.email}</span>
              <SubmitButton className="underline" data-testid="staff-logout">
                {t("logout")}
              </SubmitButton>
            </Form>
          ) : null}
        </div>
      </header>
      <Outlet />
    </div>
  );
}
