import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { StaticPageData } from "~/models/site/static-page.server";

type Vars = StaticPageData["vars"];

interface Section {
  heading: string;
  body: string;
}

/** A legal or service page: title, version date where it matters, sections, what the page adds (a form), and the company. */
export function StaticPageView({ page, vars, version, hasVat, hasTradenames, children }: StaticPageData & { children?: ReactNode }) {
  const { t } = useTranslation("pages");
  return (
    <main className="mx-auto max-w-3xl px-4 py-10" data-testid={`page-${page}`}>
      <h1 className="text-3xl font-bold">{t(`${page}.title`, vars)}</h1>
      {page === "terms" || page === "privacy" ? <p className="mt-1 text-sm text-gray-500">{t("version", { date: version })}</p> : null}
      <p className="mt-4 text-gray-700">{t(`${page}.intro`, vars)}</p>
      {page === "faq" ? <FaqItems vars={vars} /> : <Sections page={page} vars={vars} />}
      {children}
      <CompanyBlock vars={vars} hasVat={hasVat} hasTradenames={hasTradenames} />
    </main>
  );
}

function FaqItems({ vars }: { vars: Vars }) {
  const { t } = useTranslation("pages");
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

function Sections({ page, vars }: { page: string; vars: Vars }) {
  const { t } = useTranslation("pages");
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

function CompanyBlock({ vars, hasVat, hasTradenames }: { vars: Vars; hasVat: boolean; hasTradenames: boolean }) {
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
        <TextWithLink text={t("companyBlock.phone", vars)} value={vars.supportPhone} href={`tel:${vars.supportPhone}`} />
      </p>
      <p>
        <TextWithLink text={t("companyBlock.email", vars)} value={vars.supportEmail} href={`mailto:${vars.supportEmail}`} />
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
