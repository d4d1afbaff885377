import { getFixedT } from "~/i18n/i18next.server";
import { LANGUAGE_LOCALES, type Language } from "~/domain/languages";
import type { Tenant } from "~/tenancy/schema";
import { companyVariables, termsVersionDate } from "./company-info";
import { dateTimeFormat } from "~/utils/intl-formats";

/** Pages whose text lives in the `pages` catalogue, filled in with the brand's company data. */
export const STATIC_PAGES = ["terms", "privacy", "cookies", "ban", "faq", "return-policy", "service", "complaints"] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

export function isStaticPage(value: string | undefined): value is StaticPage {
  return (STATIC_PAGES as readonly string[]).includes(value ?? "");
}

export async function staticPageData(page: StaticPage, tenant: Tenant, language: Language) {
  const t = await getFixedT(language, "pages");
  const vars = companyVariables(tenant);
  return {
    page,
    vars,
    hasVat: tenant.company.vat_numbers.length > 0,
    hasTradenames: tenant.company.tradenames.length > 0,
    version: dateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: "long", timeZone: tenant.timezone }).format(
      termsVersionDate(tenant.company),
    ),
    title: `${t(`${page}.title`, vars)} | ${tenant.name}`,
  };
}

export type StaticPageData = Awaited<ReturnType<typeof staticPageData>>;
