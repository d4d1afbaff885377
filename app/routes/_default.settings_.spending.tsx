import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsFrame, SettingsSection } from "~/components/settings/SettingsFrame";
import { Alert, Field, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { ownProtection, setOwnProtection, spending } from "~/models/safety/member-care.server";
import { requireMember } from "~/web/require-member.server";

export const handle = { i18n: ["common", "account", "settings"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const [spent, own, t] = await Promise.all([spending(db(), member.id, tenant.timezone), ownProtection(db(), member.id), getFixedT(context.language, "settings")]);
  return { spentThisMonth: spent.month, limit: own.monthlyLimit, noFirstMessages: own.noFirstMessages, brandLimit: tenant.settings.care.monthly_credit_limit, title: `${t("spending.title")} | ${tenant.name}` };
}

/** The member's own monthly credit limit (a whole number of credits, or empty for none) and whether fictional profiles may write first. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireMember(request, context);
  const form = await request.formData();
  const typed = String(form.get("limit") ?? "").trim();
  const limit = typed === "" ? null : Number(typed);
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0 || limit > 1_000_000)) return data({ ok: false, typed }, { status: 400 });
  await setOwnProtection(db(), member.id, { monthlyLimit: limit, noFirstMessages: form.get("noFirstMessages") === "on" });
  return data({ ok: true, typed });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function SpendingSettings() {
  const { spentThisMonth, limit, noFirstMessages, brandLimit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("settings");
  const busy = useNavigation().state !== "idle";
  return (
    <SettingsFrame>
      <SettingsSection title={t("spending.title")} testId="spending-settings">
        <p className="text-gray-700">{t("spending.intro", { credits: brandLimit })}</p>
        <p className="mt-2 font-medium" data-testid="spent-this-month">
          {t("spending.spent", { credits: spentThisMonth })}
        </p>
        <Form method="post" className="mt-4 space-y-3">
          {actionData?.ok === false ? <Alert tone="danger">{t("spending.invalid")}</Alert> : null}
          {actionData?.ok ? <Alert tone="success">{t("spending.saved")}</Alert> : null}
          <Field label={t("spending.limit")} htmlFor="own-limit" hint={t("spending.none")}>
            <input id="own-limit" name="limit" inputMode="numeric" defaultValue={actionData && !actionData.ok ? actionData.typed : (limit ?? "")} className={inputClass} data-testid="own-limit" />
          </Field>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="noFirstMessages" defaultChecked={noFirstMessages} className="mt-1" data-testid="no-first-messages" />
            <span>{t("spending.noFirstMessages")}</span>
          </label>
          <button type="submit" className="btn-primary" disabled={busy}>
            {t("spending.save")}
          </button>
        </Form>
      </SettingsSection>
    </SettingsFrame>
  );
}
