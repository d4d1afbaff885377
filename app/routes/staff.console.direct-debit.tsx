import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { ConsoleNav } from "~/components/staff/ConsoleNav";
import { isOneOf } from "~/domain/moderation-reasons";
import { addDirectDebitBlock, listDirectDebitBlocks, removeDirectDebitBlock, type BlockKind } from "~/models/console/direct-debit-blocks.server";
import { staffDecisionWait } from "~/models/staff/pages/staff-limits.server";
import { requireStaff } from "~/web/require-staff.server";
import { tooManyInit } from "~/web/too-many.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

export const handle = { i18n: ["common", "staff"] };

const KINDS: readonly BlockKind[] = ["iban", "phone"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireStaff(context, "admin", { allBrands: true });
  const search = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 60);
  const [blocks, t] = await Promise.all([listDirectDebitBlocks(db(), search), getFixedT(context.language, "staff")]);
  return { blocks, search, title: `${t("console.directDebit.title")} | ${t("title")}` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(context, "admin", { allBrands: true });
  const form = await request.formData();
  const wait = await staffDecisionWait(staff);
  if (wait !== null) return data({ error: "tooMany" as const }, tooManyInit(wait));
  const kind = form.get("kind");
  if (!isOneOf(KINDS, kind)) return data({ error: "invalid" as const }, { status: 400 });
  if (form.get("intent") === "remove") {
    await removeDirectDebitBlock(db(), staff, context.clientIp, { kind, value: String(form.get("value") ?? "") });
    return data({ error: null });
  }
  const added = await addDirectDebitBlock(db(), staff, context.clientIp, { kind, value: String(form.get("value") ?? ""), reason: String(form.get("reason") ?? "") });
  return added ? data({ error: null }) : data({ error: "invalid" as const }, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const fieldClass = "rounded border border-gray-400 bg-white px-2 py-1";

export default function DirectDebitBlocksPage() {
  const { blocks, search } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("staff");
  return (
    <main className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{t("console.directDebit.title")}</h1>
      <ConsoleNav />
      <Form method="post" className="flex flex-wrap items-end gap-2 rounded-lg bg-white p-3 shadow-sm">
        <label className="flex flex-col text-sm">
          {t("bans.kind")}
          <select name="kind" className={fieldClass}>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`bans.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          {t("console.directDebit.value")}
          <input name="value" required maxLength={60} className={fieldClass} data-testid="block-value" />
        </label>
        <label className="flex flex-col text-sm">
          {t("console.directDebit.reason")}
          <input name="reason" maxLength={200} className={fieldClass} />
        </label>
        <SubmitButton className="rounded bg-gray-900 px-3 py-1 text-white" data-testid="block-add">
          {t("console.directDebit.add")}
        </SubmitButton>
      </Form>
      {result?.error ? (
        <p role="alert" className="text-red-700">
          {result.error === "tooMany" ? t("moderation.tooMany") : t("console.directDebit.invalid")}
        </p>
      ) : null}
      <Form method="get" className="flex gap-2">
        <input name="q" defaultValue={search} aria-label={t("console.directDebit.search")} placeholder={t("console.directDebit.search")} className={fieldClass} />
        <SubmitButton className="rounded border border-gray-500 px-3 py-1">
          {t("bans.find")}
        </SubmitButton>
      </Form>
      <table className="w-full rounded-lg bg-white text-left text-sm shadow-sm" data-testid="dd-blocks">
        <thead>
          <tr className="border-b border-gray-300">
            {(["kind", "value", "reason", "at", "lift"] as const).map((column) => (
              <th key={column} className="px-2 py-1">
                {t(`bans.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {blocks.map((block) => (
            <tr key={`${block.kind}:${block.value}`} className="border-b border-gray-200" data-testid="dd-block">
              <td className="px-2 py-1">{t(`bans.kinds.${block.kind}`)}</td>
              <td className="px-2 py-1 font-mono">{block.value}</td>
              <td className="px-2 py-1">{block.reason}</td>
              <td className="px-2 py-1">{new Date(block.createdAt).toLocaleString()}</td>
              <td className="px-2 py-1">
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="kind" value={block.kind} />
                  <input type="hidden" name="value" value={block.value} />
                  <SubmitButton className="underline" data-testid="block-remove">
                    {t("console.directDebit.remove")}
                  </SubmitButton>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
