import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { inputClass } from "~/components/ui/Field";
import { getFixedT } from "~/i18n/i18next.server";
import { auditPage } from "~/models/staff/pages/audit-page.server";
import { requireStaff } from "~/web/require-staff.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

export const handle = { i18n: ["common", "staff"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const url = new URL(request.url);
  const t = await getFixedT(context.language, "staff");
  return { ...(await auditPage(url, staff)), query: url.search, title: `${t("audit.title")} | ${t("title")}` };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** The query of this page with one parameter changed (or removed with null). */
function withParam(query: string, name: string, value: string | null): string {
  const params = new URLSearchParams(query);
  if (value === null) params.delete(name);
  else params.set(name, value);
  return `?${params}`;
}

export default function AuditLog() {
  const { rows, olderBefore, values, actions, query } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staff");
  const exportQuery = withParam(query, "before", null);
  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("audit.title")}</h1>
      <Form method="get" className="mt-4 grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-6" data-testid="audit-filter">
        <label className="text-sm">
          {t("audit.action")}
          <select name="action" defaultValue={values.action} className={inputClass}>
            <option value="">{t("audit.any")}</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {t(`actions.${action}`)}
              </option>
            ))}
          </select>
        </label>
        {(["brand", "staff", "member"] as const).map((name) => (
          <label key={name} className="text-sm">
            {t(`audit.${name}`)}
            <input name={name} defaultValue={values[name]} className={inputClass} />
          </label>
        ))}
        {(["from", "until"] as const).map((name) => (
          <label key={name} className="text-sm">
            {t(`audit.${name}`)}
            <input type="date" name={name} defaultValue={values[name]} className={inputClass} />
          </label>
        ))}
        <div className="flex flex-wrap gap-2 sm:col-span-3 lg:col-span-6">
          <SubmitButton className="btn-primary">
            {t("audit.filter")}
          </SubmitButton>
          <a href={`/staff/audit/export${withParam(exportQuery, "format", "csv")}`} className="btn-outline" data-testid="audit-csv" download>
            {t("audit.csv")}
          </a>
          <a href={`/staff/audit/export${withParam(exportQuery, "format", "json")}`} className="btn-outline" data-testid="audit-json" download>
            {t("audit.json")}
          </a>
        </div>
      </Form>
      {rows.length === 0 ? <p className="mt-4 text-gray-700">{t("audit.empty")}</p> : null}
      <div className="mt-4 overflow-x-auto rounded-lg bg-white shadow-sm">
        <table className="w-full text-left text-sm" data-testid="audit-rows">
          <thead>
            <tr className="border-b border-gray-300">
              {(["at", "who", "action", "brand", "member", "conversation", "details"] as const).map((column) => (
                <th key={column} className="px-3 py-2">
                  {t(`audit.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-gray-200 align-top" data-testid="audit-row" data-action={row.action}>
                <td className="px-3 py-2 whitespace-nowrap">{row.at.replace("T", " ").slice(0, 19)}</td>
                <td className="px-3 py-2">{row.staff ?? "—"}</td>
                <td className="px-3 py-2">{t(`actions.${row.action}`, { defaultValue: row.action })}</td>
                <td className="px-3 py-2">{row.siteId ?? ""}</td>
                <td className="px-3 py-2">{row.memberId ?? ""}</td>
                <td className="px-3 py-2">{row.conversationId ? <AppLink to={`/staff/inbox/${row.conversationId}`} className="underline">{row.conversationId}</AppLink> : ""}</td>
                <td className="px-3 py-2 font-mono text-xs">{row.details ? JSON.stringify(row.details) : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {olderBefore ? (
        <AppLink to={withParam(query, "before", String(olderBefore))} className="mt-4 inline-block underline">
          {t("audit.older")}
        </AppLink>
      ) : null}
    </main>
  );
}
