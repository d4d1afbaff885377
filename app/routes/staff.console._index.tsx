import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { ConsoleNav } from "~/components/staff/ConsoleNav";
import { FiguresChart } from "~/components/staff/FiguresChart";
import { brandDay, brandFigures, refreshBrandFigures } from "~/models/console/brand-figures.server";
import { arpu, dayRange, totalOf, totalsByDay, totalsBySource } from "~/models/console/figure-totals";
import { consoleBrands } from "~/models/console/pages/console-brand.server";
import { staffDecisionWait } from "~/models/staff/pages/staff-limits.server";
import { requireStaff } from "~/web/require-staff.server";
import { tooManyInit } from "~/web/too-many.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

export const handle = { i18n: ["common", "staff"] };

const PERIODS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const url = new URL(request.url);
  const { brands, brand } = consoleBrands(staff, url);
  const asked = Number(url.searchParams.get("days"));
  const days = (PERIODS as readonly number[]).includes(asked) ? asked : 7;
  const network = url.searchParams.get("network") ?? undefined;
  const until = brandDay(brand, new Date());
  const from = brandDay(brand, new Date(Date.now() - (days - 1) * DAY_MS));
  const [rows, t] = await Promise.all([brandFigures(db(), { siteId: brand.id, from, until, network }), getFixedT(context.language, "staff")]);
  const period = dayRange(from, until);
  const daily = totalsByDay(rows, period);
  const total = totalOf(rows);
  return {
    brands: brands.map((tenant) => ({ id: tenant.id, name: tenant.name })),
    brand: brand.id,
    days,
    network: network ?? null,
    from,
    until,
    daily,
    total,
    arpu: arpu(total, period.length),
    sources: totalsBySource(rows).map((source) => ({ ...source, arpu: arpu(source, period.length) })),
    title: `${t("console.title")} | ${t("title")}`,
  };
}

/** The figures are refreshed by a job every few minutes; an admin can have today's now. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const url = new URL(request.url);
  const { brand } = consoleBrands(staff, url);
  // The recount reads days of messages and orders: a few a minute is plenty.
  const wait = await staffDecisionWait(staff);
  if (wait !== null) throw data(null, tooManyInit(wait));
  await refreshBrandFigures(db(), [brand], new Date(), 2);
  return redirect(`${url.pathname}${url.search}`);
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const money = (revenue: Record<string, number>) =>
  Object.entries(revenue)
    .map(([currency, cents]) => new Intl.NumberFormat("nl-NL", { style: "currency", currency }).format(cents / 100))
    .join(" · ") || "—";

const COLUMNS = ["visitors", "signups", "confirmed", "firstPurchases", "purchases", "messages", "activeMembers"] as const;

export default function ConsolePage() {
  const { brands, brand, days, network, daily, total, arpu: totalArpu, sources, from, until } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staff");
  const query = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams({ brand, days: String(days), ...(network !== null ? { network } : {}) });
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    return `?${params.toString()}`;
  };
  const dayList = daily.map((row) => row.day);
  return (
    <main className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{t("console.title")}</h1>
      <ConsoleNav />
      <div className="flex flex-wrap items-end gap-4">
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-sm">
            {t("console.brand")}
            <select name="brand" defaultValue={brand} className="rounded border border-gray-400 bg-white px-2 py-1" data-testid="console-brand">
              {brands.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
          <input type="hidden" name="days" value={days} />
          <SubmitButton className="rounded border border-gray-500 px-3 py-1">
            {t("console.show")}
          </SubmitButton>
        </Form>
        <nav className="flex gap-3 text-sm" aria-label={t("figures.period")}>
          {PERIODS.map((period) => (
            <AppLink key={period} to={query({ days: String(period) })} className={period === days ? "font-semibold underline" : "underline"} aria-current={period === days ? "page" : undefined}>
              {t("figures.days", { count: period })}
            </AppLink>
          ))}
        </nav>
        <Form method="post" action={query({})}>
          <SubmitButton className="rounded border border-gray-500 px-3 py-1 text-sm" data-testid="console-refresh">
            {t("console.refresh")}
          </SubmitButton>
        </Form>
        <a href={`/staff/console/export${query({})}`} className="text-sm underline" data-testid="console-csv">
          {t("console.csv")}
        </a>
      </div>
      <p className="text-sm text-gray-700">
        {t("console.period", { from, until })}
        {network !== null ? (
          <>
            {" · "}
            {t("console.network", { network: network || t("console.direct") })} <AppLink to={query({ network: null })} className="underline">{t("console.allSources")}</AppLink>
          </>
        ) : null}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <FiguresChart title={t("console.charts.signups")} days={dayList} series={[{ label: t("console.columns.signups"), colour: "#93c5fd", values: daily.map((row) => row.signups) }, { label: t("console.columns.firstPurchases"), colour: "#b91c1c", values: daily.map((row) => row.firstPurchases) }, { label: t("console.columns.confirmed"), colour: "#15803d", values: daily.map((row) => row.confirmed) }]} />
        <FiguresChart title={t("console.charts.activity")} days={dayList} series={[{ label: t("console.columns.activeMembers"), colour: "#c4b5fd", values: daily.map((row) => row.activeMembers) }, { label: t("console.columns.visitors"), colour: "#0f766e", values: daily.map((row) => row.visitors) }]} />
      </div>
      <table className="w-full rounded-lg bg-white text-left text-sm shadow-sm" data-testid="console-days">
        <caption className="p-2 text-left font-semibold">{t("console.perDay")}</caption>
        <thead>
          <tr className="border-b border-gray-300">
            <th className="px-2 py-1">{t("console.columns.day")}</th>
            {COLUMNS.map((column) => (
              <th key={column} className="px-2 py-1">{t(`console.columns.${column}`)}</th>
            ))}
            <th className="px-2 py-1">{t("console.columns.revenue")}</th>
          </tr>
        </thead>
        <tbody>
          {[...daily].reverse().map((row) => (
            <tr key={row.day} className="border-b border-gray-200" data-testid="console-day" data-day={row.day}>
              <td className="px-2 py-1">{row.day}</td>
              {COLUMNS.map((column) => (
                <td key={column} className="px-2 py-1" data-column={column}>
                  {row[column]}
                </td>
              ))}
              <td className="px-2 py-1" data-column="revenue">{money(row.revenue)}</td>
            </tr>
          ))}
          <tr className="font-semibold">
            <td className="px-2 py-1">{t("console.total")}</td>
            {COLUMNS.map((column) => (
              <td key={column} className="px-2 py-1">{total[column]}</td>
            ))}
            <td className="px-2 py-1">
              {money(total.revenue)} <span className="font-normal">({t("console.arpu", { amount: money(totalArpu) })})</span>
            </td>
          </tr>
        </tbody>
      </table>
      <table className="w-full rounded-lg bg-white text-left text-sm shadow-sm" data-testid="console-sources">
        <caption className="p-2 text-left font-semibold">{t("console.perSource")}</caption>
        <thead>
          <tr className="border-b border-gray-300">
            {(["network", "ref", "sub1", "sub2", "sub3"] as const).map((column) => (
              <th key={column} className="px-2 py-1">{column}</th>
            ))}
            {COLUMNS.map((column) => (
              <th key={column} className="px-2 py-1">{t(`console.columns.${column}`)}</th>
            ))}
            <th className="px-2 py-1">{t("console.columns.revenue")}</th>
            <th className="px-2 py-1">{t("console.columns.arpu")}</th>
          </tr>
        </thead>
        <tbody>
          {sources.map((source) => (
            <tr key={[source.network, source.ref, source.sub1, source.sub2, source.sub3].join("|")} className="border-b border-gray-200" data-testid="console-source" data-network={source.network} data-ref={source.ref}>
              <td className="px-2 py-1">
                <AppLink to={query({ network: source.network })} className="underline">
                  {source.network || t("console.direct")}
                </AppLink>
              </td>
              <td className="px-2 py-1">{source.ref}</td>
              <td className="px-2 py-1">{source.sub1}</td>
              <td className="px-2 py-1">{source.sub2}</td>
              <td className="px-2 py-1">{source.sub3}</td>
              {COLUMNS.map((column) => (
                <td key={column} className="px-2 py-1" data-column={column}>
                  {source[column]}
                </td>
              ))}
              <td className="px-2 py-1">{money(source.revenue)}</td>
              <td className="px-2 py-1">{money(source.arpu)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
