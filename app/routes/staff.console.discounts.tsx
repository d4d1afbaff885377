import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { ConsoleNav } from "~/components/staff/ConsoleNav";
import { COUNTRIES } from "~/domain/languages";
import { codeRedemptions, createDiscountCode, discountCodeSchema, endDiscountCode, listDiscountCodes } from "~/models/console/discount-codes.server";
import { servesBrand } from "~/models/staff/staff-roles";
import { staffDecisionWait } from "~/models/staff/pages/staff-limits.server";
import { tenants } from "~/tenancy/tenants.server";
import { requireStaff } from "~/web/require-staff.server";
import { servesAllBrands } from "~/models/staff/staff-scope.server";
import { tooManyInit } from "~/web/too-many.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

export const handle = { i18n: ["common", "staff"] };

function brandIds(staff: Parameters<typeof servesBrand>[0]): string[] {
  return tenants().tenants.filter((tenant) => servesBrand(staff, tenant.id)).map((tenant) => tenant.id);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const shown = new URL(request.url).searchParams.get("code");
  const [codes, t] = await Promise.all([listDiscountCodes(db(), staff), getFixedT(context.language, "staff")]);
  const open = shown ? codes.find((code) => code.code === shown) : undefined;
  return { codes, brands: brandIds(staff), allBrands: servesAllBrands(staff), open: open ? { code: open.code, redemptions: await codeRedemptions(db(), staff, open.code) } : null, title: `${t("console.discounts.title")} | ${t("title")}` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const form = await request.formData();
  const wait = await staffDecisionWait(staff);
  if (wait !== null) return data({ result: null, error: "tooMany" as const }, tooManyInit(wait));
  if (form.get("intent") === "end") {
    await endDiscountCode(db(), staff, context.clientIp, String(form.get("code") ?? ""));
    return redirect("/staff/console/discounts");
  }
  const submission = parseWithZod(form, { schema: discountCodeSchema(brandIds(staff), { allBrands: servesAllBrands(staff) }) });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  if (!(await createDiscountCode(db(), staff, context.clientIp, submission.value))) {
    return data({ result: submission.reply({ fieldErrors: { code: ["console.discounts.errors.exists"] } }), error: null }, { status: 400 });
  }
  return redirect("/staff/console/discounts");
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const fieldClass = "rounded border border-gray-400 bg-white px-2 py-1";

export default function DiscountCodesPage() {
  const { codes, brands, allBrands, open } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("staff");
  const [form, fields] = useForm<Record<"code" | "percent" | "limit" | "expires" | "minOrder" | "currency" | "country" | "brand", string>>({ id: "discount", lastResult: actionData?.result ?? undefined, shouldValidate: "onSubmit" });
  const errors = (list: string[] | undefined) => (list?.length ? <span className="text-sm text-red-700" role="alert">{list.map((key) => t(key)).join(" ")}</span> : null);
  return (
    <main className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{t("console.discounts.title")}</h1>
      <ConsoleNav />
      {actionData?.error === "tooMany" ? <p role="alert" className="text-red-700">{t("moderation.tooMany")}</p> : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-3 rounded-lg bg-white p-3 shadow-sm sm:grid-cols-4">
        <label className="flex flex-col text-sm">
          {t("console.discounts.code")}
          <input {...getInputProps(fields.code, { type: "text" })} className={fieldClass} data-testid="discount-code" />
          {errors(fields.code.errors)}
        </label>
        <label className="flex flex-col text-sm">
          {t("console.discounts.percent")}
          <input {...getInputProps(fields.percent, { type: "number" })} min={1} max={99} className={fieldClass} data-testid="discount-percent" />
          {errors(fields.percent.errors)}
        </label>
        <label className="flex flex-col text-sm">
          {t("console.discounts.limit")}
          <input {...getInputProps(fields.limit, { type: "number" })} min={1} className={fieldClass} data-testid="discount-limit" />
          {errors(fields.limit.errors)}
        </label>
        <label className="flex flex-col text-sm">
          {t("console.discounts.expires")}
          <input {...getInputProps(fields.expires, { type: "datetime-local" })} className={fieldClass} />
          {errors(fields.expires.errors)}
        </label>
        <label className="flex flex-col text-sm">
          {t("console.discounts.minOrder")}
          <input {...getInputProps(fields.minOrder, { type: "text" })} inputMode="decimal" className={fieldClass} />
          {errors(fields.minOrder.errors)}
        </label>
        <label className="flex flex-col text-sm">
          {t("console.discounts.currency")}
          <input {...getInputProps(fields.currency, { type: "text" })} maxLength={3} placeholder="EUR" className={fieldClass} />
          {errors(fields.currency.errors)}
        </label>
        <label className="flex flex-col text-sm">
          {t("console.discounts.country")}
          <select {...getSelectProps(fields.country)} className={fieldClass}>
            {/* Every brand: for admins of every brand only (review N-M-3). */}
            {allBrands ? <option value="">{t("console.discounts.any")}</option> : null}
            {COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </select>
          {errors(fields.country.errors)}
        </label>
        <label className="flex flex-col text-sm">
          {t("console.discounts.brand")}
          <select {...getSelectProps(fields.brand)} className={fieldClass}>
            {/* Every brand: for admins of every brand only (review N-M-3). */}
            {allBrands ? <option value="">{t("console.discounts.any")}</option> : null}
            {brands.map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </select>
          {errors(fields.brand.errors)}
        </label>
        <div className="sm:col-span-4">
          <SubmitButton className="rounded bg-gray-900 px-3 py-1 text-white" data-testid="discount-create">
            {t("console.discounts.create")}
          </SubmitButton>
        </div>
      </Form>
      <table className="w-full rounded-lg bg-white text-left text-sm shadow-sm" data-testid="discount-codes">
        <thead>
          <tr className="border-b border-gray-300">
            {(["code", "percent", "brand", "country", "minOrder", "expires", "used", "state"] as const).map((column) => (
              <th key={column} className="px-2 py-1">
                {t(`console.discounts.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code.code} className="border-b border-gray-200" data-testid="discount-row" data-code={code.code}>
              <td className="px-2 py-1 font-mono">
                <AppLink to={`?code=${encodeURIComponent(code.code)}`} className="underline">
                  {code.code}
                </AppLink>
              </td>
              <td className="px-2 py-1">{code.percent}%</td>
              <td className="px-2 py-1">{code.siteId ?? t("console.discounts.any")}</td>
              <td className="px-2 py-1">{code.country ?? t("console.discounts.any")}</td>
              <td className="px-2 py-1">{code.minOrderCents > 0 ? `${(code.minOrderCents / 100).toFixed(2)} ${code.currency ?? ""}` : "—"}</td>
              <td className="px-2 py-1">{code.expiresAt ? new Date(code.expiresAt).toLocaleString() : "—"}</td>
              <td className="px-2 py-1" data-testid="discount-used">
                {code.redeemed}
                {code.maxRedemptions !== null ? ` / ${code.maxRedemptions}` : ""}
              </td>
              <td className="px-2 py-1">
                {code.active ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="end" />
                    <input type="hidden" name="code" value={code.code} />
                    <SubmitButton className="underline" data-testid="discount-end">
                      {t("console.discounts.end")}
                    </SubmitButton>
                  </Form>
                ) : (
                  t("console.discounts.ended")
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open ? (
        <section className="rounded-lg bg-white p-3 text-sm shadow-sm" data-testid="discount-redemptions">
          <h2 className="font-semibold">{t("console.discounts.redemptions", { code: open.code })}</h2>
          {open.redemptions.length === 0 ? <p>{t("console.discounts.noRedemptions")}</p> : null}
          <ul className="mt-1">
            {open.redemptions.map((use) => (
              <li key={use.orderId}>
                {new Date(use.at).toLocaleString()} · #{use.memberId} · {use.siteId} · #{use.orderId} · {(use.amountCents / 100).toFixed(2)} {use.currency} · {use.status}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
