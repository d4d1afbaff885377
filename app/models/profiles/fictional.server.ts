import { getFixedT } from "~/i18n/i18next.server";
import type { Language } from "~/domain/languages";
import type { Tenant } from "~/tenancy/schema";

export interface FictionalTexts {
  /** "Fictional profile": the brand's fictional_singular, else the catalogue's. */
  label: string;
  /** Physical contact is not possible: the brand's fictional_warning, else the catalogue's. */
  warning: string;
}

/** How this brand names fictional profiles, in the visitor's language (the pages draw the mark: FictionalIcon). */
export async function fictionalTexts(tenant: Tenant, language: Language): Promise<FictionalTexts> {
  const t = await getFixedT(language, "members");
  return {
    label: tenant.settings.fictional_singular[language] ?? t("fictional.singular"),
    warning: tenant.settings.fictional_warning[language] ?? t("fictional.warning"),
  };
}
