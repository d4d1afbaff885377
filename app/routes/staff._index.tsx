import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { hasRole } from "~/models/staff/staff-roles";
import { getFixedT } from "~/i18n/i18next.server";
import { requireStaff } from "~/web/require-staff.server";
import type { loader as layoutLoader } from "./staff";

/** /staff: operators start in their inbox; everyone else sees the parts of the staff area they may use. */
export async function loader({ context }: LoaderFunctionArgs) {
  const staff = requireStaff(context);
  if (hasRole(staff, "operator")) throw redirect("/staff/inbox");
  const t = await getFixedT(context.language, "staff");
  return { title: `${t("home.title")} | ${t("title")}` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

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
            <AppLink to={link.to} className="text-blue-800 underline">
              {t(link.label)}
            </AppLink>
          </li>
        ))}
      </ul>
    </main>
  );
}
