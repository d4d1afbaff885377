import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { listFictional } from "~/models/staff/fictional-profiles.server";
import { poolsFor } from "~/models/staff/pages/fictional-page.server";
import { requireStaff } from "~/web/require-staff.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

export const handle = { i18n: ["common", "staff", "profile"] };

/** The fictional profiles of one pool of the admin's brands that one of those brands shows. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const served = poolsFor(staff);
  const pools = [...served.keys()].sort();
  const asked = new URL(request.url).searchParams.get("pool");
  const pool = asked && pools.includes(asked) ? asked : (pools[0] ?? null);
  const t = await getFixedT(context.language, "staff");
  // Only the profiles one of the admin's brands shows (review N-M-3).
  return { pools, pool, profiles: pool ? await listFictional(db(), pool, served.get(pool)) : [], title: `${t("profiles.title")} | ${t("title")}` };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function FictionalProfiles() {
  const { pools, pool, profiles } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staff");
  const { t: tProfile } = useTranslation("profile");
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("profiles.title")}</h1>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Form method="get" className="flex items-end gap-2">
          <label className="text-sm">
            {t("profiles.pool")}
            <select name="pool" defaultValue={pool ?? ""} className={inputClass}>
              {pools.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <SubmitButton className="btn-outline">
            {t("profiles.show")}
          </SubmitButton>
        </Form>
        {pool ? (
          <AppLink to={`/staff/profiles/new?pool=${encodeURIComponent(pool)}`} className="btn-primary" data-testid="new-fictional">
            {t("profiles.new")}
          </AppLink>
        ) : null}
      </div>
      {profiles.length === 0 ? <p className="mt-4 text-gray-700">{t("profiles.none")}</p> : null}
      <table className="mt-4 w-full rounded-lg bg-white text-left text-sm shadow-sm" data-testid="fictional-list">
        <thead>
          <tr className="border-b border-gray-300">
            {(["name", "gender", "age", "city", "brands", "photos"] as const).map((column) => (
              <th key={column} className="px-3 py-2">
                {t(`profiles.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {profiles.map((profile) => (
            <tr key={profile.id} className="border-b border-gray-200">
              <td className="px-3 py-2">
                <AppLink to={`/staff/profiles/${profile.id}`} className="text-blue-800 underline">
                  {profile.name}
                </AppLink>
              </td>
              <td className="px-3 py-2">{profile.gender ? tProfile(`options.gender.${profile.gender}`) : ""}</td>
              <td className="px-3 py-2">{profile.age ?? ""}</td>
              <td className="px-3 py-2">{profile.city ?? ""}</td>
              <td className="px-3 py-2">{profile.shownOn ? profile.shownOn.join(", ") : t("profiles.allBrands")}</td>
              <td className="px-3 py-2">{profile.photos}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
