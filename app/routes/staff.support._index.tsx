import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { CASE_STATUSES, type CaseStatus } from "~/domain/support-subjects";
import { isOneOf } from "~/domain/moderation-reasons";
import { caseCounts, caseQueue } from "~/models/support/support-cases.server";
import { requireStaff } from "~/web/require-staff.server";
import { welcomeFigures } from "~/models/payments/member-discounts.server";

export const handle = { i18n: ["common", "staff", "moderation"] };

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the welcome discount figures look (docs/product/support.md#personal-discounts). */
const WELCOME_FIGURES_DAYS = 30;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "support");
  const asked = new URL(request.url).searchParams.get("status");
  const status: CaseStatus = isOneOf(CASE_STATUSES, asked) ? asked : "open";
  const [cases, counts, welcome, t] = await Promise.all([
    caseQueue(db(), staff, status),
    caseCounts(db(), staff),
    welcomeFigures(db(), staff, new Date(Date.now() - WELCOME_FIGURES_DAYS * DAY_MS)),
    getFixedT(context.language, "staff"),
  ]);
  return { cases, counts, status, welcome, title: `${t("support.title")} | ${t("title")}` };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** The support queue (docs/product/support.md#the-queue): open cases first, the longest untouched on top. */
export default function SupportQueue() {
  const { cases, counts, status, welcome } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staff");
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("support.title")}</h1>
      <nav className="mt-3 flex gap-4 text-sm" aria-label={t("support.statuses")}>
        {CASE_STATUSES.map((item) => (
          <AppLink key={item} to={`?status=${item}`} className={item === status ? "font-semibold underline" : "underline"} aria-current={item === status ? "page" : undefined}>
            {t(`support.status.${item}`)} ({counts[item]})
          </AppLink>
        ))}
      </nav>
      {cases.length === 0 ? <p className="mt-4 text-gray-700">{t("support.none")}</p> : null}
      <table className="mt-4 w-full rounded-lg bg-white text-left text-sm shadow-sm" data-testid="support-cases">
        <thead>
          <tr className="border-b border-gray-300">
            {(["reference", "brand", "subject", "from", "updated"] as const).map((column) => (
              <th key={column} className="px-3 py-2">
                {t(`support.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cases.map((item) => (
            <tr key={item.id} className="border-b border-gray-200">
              <td className="px-3 py-2">
                <AppLink to={`/staff/support/${item.id}`} className="font-mono text-blue-800 underline" data-testid="support-case-link">
                  {item.reference}
                </AppLink>
              </td>
              <td className="px-3 py-2">{item.siteId}</td>
              <td className="px-3 py-2">{t(`moderation:complaints.subjects.${item.subject}`)}</td>
              <td className="px-3 py-2">{item.memberId ? `#${item.memberId} ` : ""}{item.email}</td>
              <td className="px-3 py-2">{new Date(item.updatedAt).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {welcome.length > 0 ? (
        <section className="mt-6 text-sm" data-testid="welcome-figures">
          <h2 className="font-semibold">{t("discounts.figures", { days: WELCOME_FIGURES_DAYS })}</h2>
          <ul className="mt-1">
            {welcome.map((row) => (
              <li key={row.siteId} data-testid="welcome-figures-brand" data-brand={row.siteId} data-granted={row.granted} data-used={row.used}>
                {row.siteId}: {t("discounts.grantedUsed", { granted: row.granted, used: row.used })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
