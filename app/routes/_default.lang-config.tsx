import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES } from "~/domain/languages";
import { getFixedT } from "~/i18n/i18next.server";
import { languageOptions } from "~/i18n/resolve-language";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

export const handle = { i18n: ["common"] };

/** The languages of the visitor's country (docs/product/site.md#languages), as a page of its own. */
export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const t = await getFixedT(context.language, "common");
  return { options: languageOptions(context.country, tenant, context.language), current: context.language, title: `${t("langConfig.title")} | ${tenant.name}` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** One plain form per language, posting to /api/language: it works without JavaScript. */
export default function LanguageChoice() {
  const { options, current } = useLoaderData<typeof loader>();
  const { t } = useTranslation("common");
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold">{t("langConfig.title")}</h1>
      <p className="mt-2 text-gray-700">{t("langConfig.intro")}</p>
      <ul className="mt-6 space-y-2" data-testid="lang-options">
        {options.map((language) => (
          <li key={language}>
            <Form method="post" action="/api/language" reloadDocument>
              <input type="hidden" name="lng" value={language} />
              <input type="hidden" name="redirectTo" value="/lang-config" />
              <SubmitButton lang={language} className={language === current ? "btn-primary w-full" : "btn-outline w-full"} aria-current={language === current ? "true" : undefined} data-testid={`lang-${language}`}>
                {LANGUAGE_NAMES[language]}
                {language === current ? ` · ${t("langConfig.current")}` : ""}
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
    </main>
  );
}
