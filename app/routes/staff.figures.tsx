import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { operatorFigures } from "~/models/staff/operator-figures.server";
import { requireStaff } from "~/web/require-staff.server";

export const handle = { i18n: ["common", "staff"] };

const PERIODS = [1, 7, 30] as const;

/** Operators see their own figures; admins everyone's. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "operator");
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = (PERIODS as readonly number[]).includes(asked) ? asked : 7;
  const everyone = staff.roles.includes("admin");
  const [figures, t] = await Promise.all([operatorFigures(db(), { from: new Date(Date.now() - days * 86_400_000), staffId: everyone ? null : staff.id, brands: staff.brands }), getFixedT(context.language, "staff")]);
  return { figures, days, everyone, title: `${t("figures.title")} | ${t("title")}` };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** "4 min 12 s" style durations. */
function duration(ms: number | null, t: (key: string, options: Record<string, number>) => string): string {
  if (ms === null) return "—";
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? t("figures.seconds", { seconds }) : t("figures.minutes", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}

export default function OperatorFiguresPage() {
  const { figures, days, everyone } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staff");
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("figures.title")}</h1>
      <p className="mt-1 text-sm text-gray-700">{everyone ? t("figures.everyone") : t("figures.yours")}</p>
      <nav className="mt-3 flex gap-3 text-sm" aria-label={t("figures.period")}>
        {PERIODS.map((period) => (
          <AppLink key={period} to={`?days=${period}`} className={period === days ? "font-semibold underline" : "underline"} aria-current={period === days ? "page" : undefined}>
            {t("figures.days", { count: period })}
          </AppLink>
        ))}
      </nav>
      {figures.length === 0 ? <p className="mt-4 text-gray-700">{t("figures.none")}</p> : null}
      <table className="mt-4 w-full rounded-lg bg-white text-left text-sm shadow-sm" data-testid="operator-figures">
        <thead>
          <tr className="border-b border-gray-300">
            {(["staff", "brand", "answered", "conversations", "median", "p95"] as const).map((column) => (
              <th key={column} className="px-3 py-2">
                {t(`figures.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {figures.map((row) => (
            <tr key={`${row.staff}-${row.siteId}`} className="border-b border-gray-200">
              <td className="px-3 py-2">{row.staff}</td>
              <td className="px-3 py-2">{row.siteId}</td>
              <td className="px-3 py-2">{row.answered}</td>
              <td className="px-3 py-2">{row.conversations}</td>
              <td className="px-3 py-2">{duration(row.medianMs, t)}</td>
              <td className="px-3 py-2">{duration(row.p95Ms, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
