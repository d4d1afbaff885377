import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getFixedT } from "~/i18n/i18next.server";
import { ConsoleNav } from "~/components/staff/ConsoleNav";
import { env } from "~/env.server";
import { checkDomain } from "~/models/console/domain-check.server";
import { servesBrand } from "~/models/staff/staff-roles";
import { tenants } from "~/tenancy/tenants.server";
import { requireStaff } from "~/web/require-staff.server";

export const handle = { i18n: ["common", "staff"] };

function servedBrands(staff: Parameters<typeof servesBrand>[0]) {
  return tenants().tenants.filter((tenant) => servesBrand(staff, tenant.id));
}

/** Every address of a brand: its domains over HTTPS, and its development host when those are on. */
function addressesOf(tenant: { id: string; domains: string[] }) {
  const config = env();
  return [
    ...tenant.domains.map((domain) => ({ url: `https://${domain}` })),
    ...(config.devTenantHosts ? [{ url: `http://${tenant.id}.localhost:${config.PORT}`, connectTo: { host: "127.0.0.1", port: config.PORT } }] : []),
  ];
}

/**
 * The brands this server loaded from the tenant files, as the console's tenant check shows them;
 * with `?check=1` every address of every brand is asked whether it answers (a read, so a GET: a few
 * seconds at most each, all at once).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const t = await getFixedT(context.language, "staff");
  const brands = servedBrands(staff);
  const answers = new URL(request.url).searchParams.get("check") === "1" ? await Promise.all(brands.flatMap((tenant) => addressesOf(tenant).map((address) => checkDomain(address)))) : null;
  return {
    checked: answers ? Object.fromEntries(answers.map((answer) => [answer.url, { status: answer.status, ms: answer.ms }])) : null,
    brands: brands.map((tenant) => ({
      id: tenant.id,
      name: tenant.name,
      niche: tenant.niche,
      pool: tenant.pool,
      language: tenant.domain_language,
      countries: tenant.countries,
      currency: tenant.currency,
      timezone: tenant.timezone,
      addresses: addressesOf(tenant).map((address) => address.url),
    })),
    title: `${t("console.brands.title")} | ${t("title")}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function BrandsCheckPage() {
  const { brands, checked } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation("staff");
  return (
    <main className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{t("console.brands.title")}</h1>
      <ConsoleNav />
      <p className="text-sm text-gray-700">{t("console.brands.intro", { count: brands.length })}</p>
      <Form method="get">
        <input type="hidden" name="check" value="1" />
        <button type="submit" className="rounded bg-gray-900 px-3 py-1 text-white" disabled={navigation.state !== "idle"} data-testid="brands-check">
          {t("console.brands.check")}
        </button>
      </Form>
      <table className="w-full rounded-lg bg-white text-left text-sm shadow-sm" data-testid="brands">
        <thead>
          <tr className="border-b border-gray-300">
            {(["brand", "niche", "pool", "language", "countries", "currency", "addresses"] as const).map((column) => (
              <th key={column} className="px-2 py-1">
                {t(`console.brands.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {brands.map((brand) => (
            <tr key={brand.id} className="border-b border-gray-200 align-top" data-testid="brand-row" data-brand={brand.id}>
              <td className="px-2 py-1">
                {brand.name} <span className="text-gray-600">({brand.id})</span>
              </td>
              <td className="px-2 py-1">{brand.niche}</td>
              <td className="px-2 py-1">{brand.pool}</td>
              <td className="px-2 py-1">{brand.language}</td>
              <td className="px-2 py-1">{brand.countries.join(", ")}</td>
              <td className="px-2 py-1">
                {brand.currency} · {brand.timezone}
              </td>
              <td className="px-2 py-1">
                <ul>
                  {brand.addresses.map((url) => {
                    const answer = checked?.[url];
                    return (
                      <li key={url} data-testid="brand-address" data-url={url}>
                        <span className="font-mono">{url}</span>{" "}
                        {answer ? (
                          <span className={answer.status === 200 ? "text-green-800" : "text-red-700"} data-testid="brand-answer">
                            {answer.status === null ? t("console.brands.noAnswer") : t("console.brands.answered", { status: answer.status, ms: answer.ms })}
                          </span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
