import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hasRole } from "~/models/staff/staff-roles";
import { requireStaff } from "~/web/require-staff.server";
import type { loader as layoutLoader } from "./staff";

/** /staff: operators start in their inbox; everyone else sees the parts of the staff area they may use. */
export function loader({ context }: LoaderFunctionArgs) {
  const staff = requireStaff(context);
  if (hasRole(staff, "operator")) throw redirect("/staff/inbox");
  return null;
}

export default function StaffHome() {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/staff");
  const { t } = useTranslation("staff");
  const links = layout?.links ?? [];
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t("home.title")}</h1>
      {links.length === 0 ? <p className="mt-4 text-gray-700">{t("home.nothing")}</p> : null}
      <ul className="mt-4 list-disc pl-6">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-blue-800 underline">
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
