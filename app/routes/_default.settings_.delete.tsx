import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { SettingsFrame, SettingsSection } from "~/components/settings/SettingsFrame";
import { Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { storage } from "~/services/storage/storage.server";
import { acceptDeleteDiscount, deleteAccount, deleteDiscountOffer } from "~/models/accounts/account-deletion.server";
import { setInvisible } from "~/models/accounts/account-settings.server";
import { DELETION_GRACE_DAYS, DELETION_REASONS } from "~/domain/deletion-reasons";
import { setFlash } from "~/web/flash.server";
import { requireMember } from "~/web/require-member.server";
import { clearSessionCookie } from "~/models/accounts/sessions.server";
import { passwordRefusal } from "~/models/accounts/pages/settings-forms.server";
import { deleteAccountSchema } from "~/models/accounts/settings-schema";
import { siteOrigin } from "~/web/site-origin.server";

export const handle = { i18n: ["common", "account", "settings"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const t = await getFixedT(context.language, "settings");
  return {
    title: `${t("delete.title")} | ${tenant.name}`,
    discount: await deleteDiscountOffer(db(), tenant, member.id),
    invisible: member.invisible,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const flashTo = async (to: string, key: string) => redirect(to, { headers: { "Set-Cookie": await setFlash({ tone: "success", key }) } });

  // The alternatives come first: staying with a discount, or taking a break.
  if (intent === "discount") {
    return (await acceptDeleteDiscount(db(), tenant, member.id)) ? flashTo("/", "settings:delete.discountSaved") : redirect("/settings/delete");
  }
  if (intent === "invisible") {
    await setInvisible(db(), member.id, true);
    return flashTo("/settings", "settings:invisible.on");
  }

  const submission = parseWithZod(form, { schema: deleteAccountSchema });
  const hide = { hideFields: ["password"] };
  if (submission.status !== "success") return data({ result: submission.reply(hide), minutes: undefined }, { status: 400 });
  const { password, reason, remarks } = submission.value;
  const origin = siteOrigin(request, tenant);
  const check = await deleteAccount(db(), storage(), tenant, { memberId: member.id, password, reason, remarks: remarks ?? null, ip: context.clientIp, origin });
  if (!check.ok) {
    const refusal = passwordRefusal(check, "settings:wrongPassword");
    return data({ result: submission.reply({ ...hide, fieldErrors: { password: [refusal.key] } }), minutes: refusal.minutes }, { status: 400 });
  }
  return redirect("/account-deleted", { headers: { "Set-Cookie": await clearSessionCookie() } });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Account deletion: alternatives first, then the reasons (docs/product/accounts.md#account-deletion) and the password. */
export default function DeleteAccountPage() {
  const { discount, invisible } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("settings");
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: actionData?.result,
    constraint: getZodConstraint(deleteAccountSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
  });
  return (
    <SettingsFrame>
      <SettingsSection title={t("delete.alternativesTitle")} id="alternatives" testId="delete-alternatives">
        <ul className="space-y-4">
          {discount > 0 ? (
            <li>
              <p className="text-sm text-gray-700">{t("delete.discountOffer", { percent: discount })}</p>
              <Form method="post" className="mt-2">
                <button type="submit" name="intent" value="discount" className="btn-primary" disabled={busy} data-testid="accept-delete-discount">
                  {t("delete.discountAccept", { percent: discount })}
                </button>
              </Form>
            </li>
          ) : null}
          {invisible ? null : (
            <li>
              <p className="text-sm text-gray-700">{t("delete.breakOffer")}</p>
              <Form method="post" className="mt-2">
                <button type="submit" name="intent" value="invisible" className="btn-outline" disabled={busy} data-testid="take-a-break">
                  {t("invisible.turnOn")}
                </button>
              </Form>
            </li>
          )}
          <li>
            <p className="text-sm text-gray-700">{t("delete.mailsOffer")}</p>
            <AppLink to="/notifications" className="btn-outline mt-2">
              {t("delete.mailsLink")}
            </AppLink>
          </li>
        </ul>
      </SettingsSection>

      <SettingsSection title={t("delete.title")} id="delete-form">
        <p className="text-sm text-gray-700">{t("delete.explain", { days: DELETION_GRACE_DAYS })}</p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" data-testid="delete-account-form">
          <input type="hidden" name="intent" value="delete" />
          <fieldset>
            <legend className="text-sm font-medium text-gray-800">{t("delete.reasonLabel")}</legend>
            <div className="mt-2 space-y-2">
              {DELETION_REASONS.map((reason) => (
                <label key={reason} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={fields.reason.name}
                    value={reason}
                    defaultChecked={fields.reason.initialValue === reason}
                    aria-describedby={fields.reason.errors ? fields.reason.errorId : undefined}
                    className="h-4 w-4 accent-primary"
                  />
                  {t(`delete.reasons.${reason}`)}
                </label>
              ))}
            </div>
            <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
          </fieldset>
          <Field label={t("delete.remarks")} htmlFor={fields.remarks.id}>
            <textarea {...getTextareaProps(fields.remarks)} rows={3} className={inputClass} />
            <FieldErrors id={fields.remarks.errorId} errors={fields.remarks.errors} />
          </Field>
          <Field label={t("currentPassword")} htmlFor={fields.password.id}>
            <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className={inputClass} />
            <FieldErrors id={fields.password.errorId} errors={fields.password.errors} values={{ minutes: actionData?.minutes }} />
          </Field>
          <button type="submit" className="btn bg-danger text-white hover:bg-danger/90" disabled={busy} data-testid="delete-account-submit">
            {t("delete.submit")}
          </button>
        </Form>
      </SettingsSection>
    </SettingsFrame>
  );
}
