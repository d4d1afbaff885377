import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/ErrorPage";
import { LANGUAGE_LOCALES } from "~/i18n/languages";
import { companyVariables, termsVersionDate } from "~/models/company-info";
import { getFixedT } from "~/i18n/i18next.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { notFound } from "~/utils/http.server";

export const handle = { i18n: ["common", "pages"] };

const PAGES = ["terms", "privacy", "cookies", "ban", "faq", "return-policy", "service"] as const;
type Page = (typeof PAGES)[number];

interface Section {
  heading: string;
  body: string;
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const page = PAGES.find((name) => name === params.page);
  if (!page) notFound();
  const t = await getFixedT(context.language, "pages");
  const vars = companyVariables(tenant);
  return {
    page,
    vars,
    hasVat: tenant.company.vat_numbers.length > 0,
    hasTradenames: tenant.company.tradenames.length > 0,
    version: new Intl.DateTimeFormat(LANGUAGE_LOCALES[context.language], { dateStyle: "long", timeZone: tenant.timezone }).format(
      termsVersionDate(tenant.company),
    ),
    title: t(`${page}.title`, vars),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const brand = (matches.find((m) => m.id === "root")?.data as { brand?: { name: string } } | undefined)?.brand;
  return data ? [{ title: `${data.title} | ${brand?.name ?? ""}` }] : [];
};

export default function StaticPage() {
  const { page, vars, version, hasVat, hasTradenames } = useLoaderData<typeof loader>();
  const { t } = useTranslation("pages");
  return (
    <main className="mx-auto max-w-3xl px-4 py-10" data-testid={`page-${page}`}>
      <h1 className="text-3xl font-bold">{t(`${page}.title`, vars)}</h1>
      {page === "terms" || page === "privacy" ? <p className="mt-1 text-sm text-gray-500">{t("version", { date: version })}</p> : null}
      <p className="mt-4 text-gray-700">{t(`${page}.intro`, vars)}</p>
      <PageBody page={page} vars={vars} />
      <CompanyBlock vars={vars} hasVat={hasVat} hasTradenames={hasTradenames} />
    </main>
  );
}

function PageBody({ page, vars }: { page: Page; vars: Record<string, string | number> }) {
  const { t } = useTranslation("pages");
  if (page === "faq") {
    const items = t("faq.items", { ...vars, returnObjects: true }) as unknown as Array<{ question: string; answer: string }>;
    return (
      <div className="mt-8 space-y-3">
        {items.map((item) => (
          <details key={item.question} className="rounded-xl bg-white p-4 shadow-sm">
            <summary className="cursor-pointer font-semibold">{item.question}</summary>
            <p className="mt-2 whitespace-pre-line text-gray-700">{item.answer}</p>
          </details>
        ))}
      </div>
    );
  }
  const sections = t(`${page}.sections`, { ...vars, returnObjects: true }) as unknown as Section[];
  return (
    <div className="mt-8 space-y-6">
      {sections.map((section) => (
        <section key={section.heading}>
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          <p className="mt-2 whitespace-pre-line leading-relaxed text-gray-700">{section.body}</p>
        </section>
      ))}
    </div>
  );
}

function CompanyBlock({ vars, hasVat, hasTradenames }: { vars: Record<string, string | number>; hasVat: boolean; hasTradenames: boolean }) {
  const { t } = useTranslation("pages");
  return (
    <address className="mt-10 rounded-xl bg-white p-5 text-sm not-italic text-gray-700 shadow-sm" data-testid="company-info">
      <p className="font-semibold">{t("companyBlock.heading")}</p>
      <p className="mt-2">{vars.company}</p>
      <p>{t("companyBlock.address", vars)}</p>
      {hasTradenames ? <p>{t("companyBlock.tradenames", vars)}</p> : null}
      <p>{t("companyBlock.kvk", vars)}</p>
      {hasVat ? <p>{t("companyBlock.vat", vars)}</p> : null}
      <p>
        <TextWithLink text={t("companyBlock.phone", vars)} value={String(vars.supportPhone)} href={`tel:${vars.supportPhone}`} />
      </p>
      <p>
        <TextWithLink text={t("companyBlock.email", vars)} value={String(vars.supportEmail)} href={`mailto:${vars.supportEmail}`} />
      </p>
    </address>
  );
}

/** A translated sentence in which `value` becomes a link, wherever the language puts it. */
function TextWithLink({ text, value, href }: { text: string; value: string; href: string }) {
  const at = text.indexOf(value);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a href={href} className="text-primary underline">
        {value}
      </a>
      {text.slice(at + value.length)}
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
