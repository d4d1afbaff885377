import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { ConsoleNav } from "~/components/staff/ConsoleNav";
import { isLanguage, LANGUAGES } from "~/domain/languages";
import { isOneOf } from "~/domain/moderation-reasons";
import { BRAND_TEXT_KEYS, BRAND_TEXT_MAX, brandTextTable, saveBrandText } from "~/models/console/brand-texts.server";
import { consoleBrands } from "~/models/console/pages/console-brand.server";
import { staffDecisionWait } from "~/models/staff/pages/staff-limits.server";
import { requireStaff } from "~/web/require-staff.server";
import { tooManyInit } from "~/web/too-many.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

export const handle = { i18n: ["common", "staff"] };

function chosenLanguage(url: URL, fallback: string) {
  const asked = url.searchParams.get("language");
  return isLanguage(asked) ? asked : isLanguage(fallback) ? fallback : "nl";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const url = new URL(request.url);
  const { brands, brand } = consoleBrands(staff, url);
  const language = chosenLanguage(url, brand.domain_language.slice(0, 2));
  const [table, t] = await Promise.all([brandTextTable(db(), brand, [language]), getFixedT(context.language, "staff")]);
  return { brands: brands.map((tenant) => ({ id: tenant.id, name: tenant.name })), brand: brand.id, language, texts: table.map((row) => ({ key: row.key, ...row.languages[0]! })), title: `${t("console.texts.title")} | ${t("title")}` };
}

/** Saves one text of the brand in one language; empty brings the tenant file's text back. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const url = new URL(request.url);
  const { brand } = consoleBrands(staff, url);
  const form = await request.formData();
  const key = form.get("key");
  const language = form.get("language");
  if (!isOneOf(BRAND_TEXT_KEYS, key) || !isLanguage(language)) throw data(null, { status: 400 });
  const wait = await staffDecisionWait(staff);
  if (wait !== null) throw data(null, tooManyInit(wait));
  await saveBrandText(db(), staff, context.clientIp, { tenant: brand, key, language, text: String(form.get("text") ?? "") });
  return redirect(`/staff/console/texts?brand=${brand.id}&language=${language}`);
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function BrandTextsPage() {
  const { brands, brand, language, texts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staff");
  return (
    <main className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{t("console.texts.title")}</h1>
      <ConsoleNav />
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm">
          {t("console.brand")}
          <select name="brand" defaultValue={brand} className="rounded border border-gray-400 bg-white px-2 py-1">
            {brands.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          {t("console.texts.language")}
          <select name="language" defaultValue={language} className="rounded border border-gray-400 bg-white px-2 py-1">
            {LANGUAGES.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </select>
        </label>
        <SubmitButton className="rounded border border-gray-500 px-3 py-1">
          {t("console.show")}
        </SubmitButton>
      </Form>
      <p className="text-sm text-gray-700">{t("console.texts.intro")}</p>
      {texts.map((text) => (
        <Form key={text.key} method="post" action={`?brand=${brand}&language=${language}`} className="space-y-2 rounded-lg bg-white p-3 shadow-sm" data-testid="brand-text" data-key={text.key}>
          <input type="hidden" name="key" value={text.key} />
          <input type="hidden" name="language" value={language} />
          <label htmlFor={`text-${text.key}`} className="block font-semibold">
            {t(`console.texts.keys.${text.key}`)}
          </label>
          <p className="text-sm text-gray-700">{text.file ? t("console.texts.file", { text: text.file }) : t("console.texts.catalogue")}</p>
          <textarea id={`text-${text.key}`} name="text" defaultValue={text.changed ?? ""} maxLength={BRAND_TEXT_MAX} rows={3} className="w-full rounded border border-gray-400 p-2" data-testid={`brand-text-${text.key}`} />
          <SubmitButton className="rounded bg-gray-900 px-3 py-1 text-white" data-testid={`brand-text-save-${text.key}`}>
            {t("console.texts.save")}
          </SubmitButton>
        </Form>
      ))}
    </main>
  );
}
