import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { BAN_REASONS, isOneOf } from "~/domain/moderation-reasons";
import { banByValue, liftBan, listBans, type BanKind } from "~/models/moderation/bans.server";
import { staffDecisionWait } from "~/models/staff/pages/staff-limits.server";
import { servesAllBrands } from "~/models/staff/staff-scope.server";
import { requireStaff } from "~/web/require-staff.server";
import { tooManyInit } from "~/web/too-many.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

export const handle = { i18n: ["common", "staff"] };

const KINDS: readonly BanKind[] = ["email", "phone", "iban"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "moderator");
  const search = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const [bans, t] = await Promise.all([listBans(db(), staff, search), getFixedT(context.language, "staff")]);
  // Bans of an address, phone or IBAN hold on every brand: the form is for staff of every brand only (review N-M-3).
  return { bans, search, mayBanValues: servesAllBrands(staff), title: `${t("bans.title")} | ${t("title")}` };
}

/** Ban an address, phone or IBAN (docs/product/moderation.md#bans), or lift a ban. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(context, "moderator");
  const form = await request.formData();
  const wait = await staffDecisionWait(staff);
  if (wait !== null) return data({ error: "tooMany" as const, banned: null }, tooManyInit(wait));
  if (form.get("intent") === "lift") {
    const banId = Number(form.get("ban"));
    if (!Number.isSafeInteger(banId)) throw data(null, { status: 400 });
    await liftBan(db(), { staff, ip: context.clientIp, banId });
    return data({ error: null, banned: null });
  }
  const kind = form.get("kind");
  const reason = form.get("reason");
  if (!isOneOf(KINDS, kind) || !isOneOf(BAN_REASONS, reason)) return data({ error: "invalid" as const, banned: null }, { status: 400 });
  const result = await banByValue(db(), { staff, ip: context.clientIp, kind, reason, value: String(form.get("value") ?? ""), note: String(form.get("note") ?? "") });
  if (!result.ok) return data({ error: result.reason, banned: null }, { status: result.reason === "allBrands" ? 403 : 400 });
  return data({ error: null, banned: result.accounts });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const fieldClass = "rounded border border-gray-400 bg-white px-2 py-1";

export default function BansPage() {
  const { bans, search, mayBanValues } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("staff");
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("bans.title")}</h1>
      {mayBanValues ? (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-2 rounded-lg bg-white p-3 shadow-sm">
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
            {t("bans.value")}
            <input name="value" required maxLength={200} className={fieldClass} data-testid="ban-value" />
          </label>
          <label className="flex flex-col text-sm">
            {t("bans.reason")}
            <select name="reason" className={fieldClass}>
              {BAN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`bans.reasons.${reason}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm">
            {t("bans.note")}
            <input name="note" maxLength={1000} className={fieldClass} />
          </label>
          <SubmitButton className="rounded bg-red-800 px-3 py-1 text-white" data-testid="ban-add">
            {t("bans.ban")}
          </SubmitButton>
        </Form>
      ) : (
        <p className="mt-4 text-gray-700" data-testid="bans-all-brands">
          {t("bans.errors.allBrands")}
        </p>
      )}
      {result?.error ? (
        <p role="alert" className="mt-2 text-red-700">
          {t(`bans.errors.${result.error}`)}
        </p>
      ) : null}
      {result?.banned !== null && result?.banned !== undefined ? (
        <p role="status" className="mt-2 text-green-800">
          {t("bans.done", { count: result.banned })}
        </p>
      ) : null}
      <Form method="get" className="mt-4 flex gap-2">
        <input name="q" defaultValue={search} aria-label={t("bans.search")} placeholder={t("bans.search")} className={fieldClass} />
        <SubmitButton className="rounded border border-gray-500 px-3 py-1">
          {t("bans.find")}
        </SubmitButton>
      </Form>
      <table className="mt-3 w-full rounded-lg bg-white text-left text-sm shadow-sm" data-testid="bans">
        <thead>
          <tr className="border-b border-gray-300">
            {(["kind", "value", "member", "reason", "note", "at", "lift"] as const).map((column) => (
              <th key={column} className="px-3 py-2">
                {t(`bans.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {bans.map((ban) => (
            <tr key={ban.id} className="border-b border-gray-200" data-testid="ban-row">
              <td className="px-3 py-2">{t(`bans.kinds.${ban.kind}`)}</td>
              <td className="px-3 py-2 font-mono">{ban.value}</td>
              <td className="px-3 py-2">{ban.memberId ? `#${ban.memberId} (${ban.siteId})` : "—"}</td>
              <td className="px-3 py-2">{t(`bans.reasons.${ban.reason}`)}</td>
              <td className="px-3 py-2">{ban.note}</td>
              <td className="px-3 py-2">{new Date(ban.createdAt).toLocaleString()}</td>
              <td className="px-3 py-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="lift" />
                  <input type="hidden" name="ban" value={ban.id} />
                  <SubmitButton className="underline" data-testid="ban-lift">
                    {t("bans.lift")}
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
