import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { HELP_LINES, HELP_LINES_ELSEWHERE } from "~/domain/help-lines";
import { getFixedT } from "~/i18n/i18next.server";
import { coolDownUntil } from "~/models/safety/member-care.server";
import { requireMember } from "~/web/require-member.server";

export const handle = { i18n: ["common", "settings"] };

/** /care: why messages or purchases are paused, until when, and where to find help (docs/product/staff.md#vulnerable-members). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const [until, t] = await Promise.all([coolDownUntil(db(), member.id), getFixedT(context.language, "settings")]);
  const lines = [...tenant.countries.flatMap((country) => HELP_LINES[country] ?? []), HELP_LINES_ELSEWHERE];
  return { until: until?.toISOString() ?? null, timeZone: tenant.timezone, lines, title: `${t("care.title")} | ${tenant.name}` };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function CarePage() {
  const { until, timeZone, lines } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("settings");
  return (
    <main className="mx-auto max-w-2xl px-4 py-10" data-testid="care-page">
      <h1 className="text-3xl font-bold">{t("care.title")}</h1>
      <p className="mt-4" data-testid="care-state">
        {until ? t("care.coolDown", { until: new Date(until).toLocaleString(i18n.language, { timeZone, dateStyle: "medium", timeStyle: "short" }) }) : t("care.noCoolDown")}
      </p>
      <p className="mt-4 text-gray-700">{t("care.why")}</p>
      <p className="mt-4">
        <AppLink to="/settings/spending" className="font-semibold text-primary underline">
          {t("care.ownLimit")}
        </AppLink>
      </p>
      <h2 className="mt-8 text-xl font-semibold">{t("care.helpTitle")}</h2>
      <p className="mt-2 text-gray-700">{t("care.helpIntro")}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6">
        {lines.map((line) => (
          <li key={line.url}>
            <a href={line.url} rel="noopener noreferrer" className="underline">
              {line.name}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
