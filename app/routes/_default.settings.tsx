import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsFrame, SettingsSection } from "~/components/settings/SettingsFrame";
import { Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { LANGUAGE_NAMES } from "~/domain/languages";
import { accountSettings, setInvisible } from "~/models/accounts/account-settings.server";
import { setFlash } from "~/web/flash.server";
import { requireMember } from "~/web/require-member.server";
import { changeEmailSchema, changePasswordSchema } from "~/models/accounts/settings-schema";
import { submitEmailChange, submitPasswordChange } from "~/models/accounts/pages/settings-forms.server";
import { useRootData } from "~/root";
import { siteOrigin } from "~/web/site-origin.server";
import { tooManyInit } from "~/web/too-many.server";
import { SubmitButton } from "~/components/ui/SubmitButton";

export const handle = { i18n: ["common", "account", "settings"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const settings = await accountSettings(db(), member.id);
  const t = await getFixedT(context.language, "settings");
  return { title: `${t("tabs.account")} · ${t("title")} | ${tenant.name}`, email: settings.email, invisible: settings.invisible };
}

type Intent = "email" | "password";

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const done = async (key: string, sessionCookie?: string) => {
    const headers = new Headers({ "Set-Cookie": await setFlash({ tone: "success", key }) });
    if (sessionCookie) headers.append("Set-Cookie", sessionCookie);
    return redirect("/settings", { headers });
  };

  if (intent === "invisible") {
    await setInvisible(db(), member.id, form.get("invisible") === "on");
    return done(form.get("invisible") === "on" ? "settings:invisible.on" : "settings:invisible.off");
  }
  if (intent === "email") {
    const outcome = await submitEmailChange(form, tenant, member, context.clientIp, siteOrigin(request, tenant));
    if (!outcome.ok) {
      const init = outcome.retryAfterSeconds ? tooManyInit(outcome.retryAfterSeconds) : { status: 400 };
      return data({ intent: "email" as Intent, result: outcome.reply, minutes: outcome.minutes }, init);
    }
    return done("settings:email.sent");
  }
  if (intent === "password") {
    const outcome = await submitPasswordChange(form, tenant, member, context.clientIp, request.headers.get("user-agent"));
    if (!outcome.ok) return data({ intent: "password" as Intent, result: outcome.reply, minutes: outcome.minutes }, { status: 400 });
    return done("settings:password.changed", outcome.sessionCookie);
  }
  throw data(null, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Account settings: e-mail address, password, invisible mode and language. */
export default function AccountSettingsPage() {
  const { email, invisible } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("settings");
  const busy = useNavigation().state !== "idle";
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData : undefined);
  return (
    <SettingsFrame>
      <SettingsSection title={t("email.title")} id="email" testId="email-settings">
        <p className="text-sm text-gray-600">{t("email.current", { email })}</p>
        <EmailForm lastResult={resultFor("email")?.result} minutes={resultFor("email")?.minutes} busy={busy} />
      </SettingsSection>
      <SettingsSection title={t("password.title")} id="password" testId="password-settings">
        <PasswordForm lastResult={resultFor("password")?.result} minutes={resultFor("password")?.minutes} busy={busy} />
      </SettingsSection>
      <SettingsSection title={t("invisible.title")} id="invisible" testId="invisible-settings">
        <p className="text-sm text-gray-600">{t("invisible.intro")}</p>
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="invisible" />
          <input type="hidden" name="invisible" value={invisible ? "off" : "on"} />
          <span className="text-sm font-semibold" data-testid="invisible-state">
            {invisible ? t("invisible.isOn") : t("invisible.isOff")}
          </span>
          <button type="submit" className="btn-outline px-3 py-1" disabled={busy} data-testid="toggle-invisible">
            {invisible ? t("invisible.turnOff") : t("invisible.turnOn")}
          </button>
        </Form>
      </SettingsSection>
      <SettingsSection title={t("language.title")} id="language">
        <LanguageForm />
      </SettingsSection>
    </SettingsFrame>
  );
}

interface FormProps {
  lastResult?: SubmissionResult<string[]>;
  minutes?: number;
  busy: boolean;
}

function EmailForm({ lastResult, minutes, busy }: FormProps) {
  const { t } = useTranslation("settings");
  const [form, fields] = useForm({
    id: "change-email",
    lastResult,
    constraint: getZodConstraint(changeEmailSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" data-testid="change-email-form">
      <input type="hidden" name="intent" value="email" />
      <Field label={t("email.new")} htmlFor={fields.email.id}>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        <FieldErrors id={fields.email.errorId} errors={fields.email.errors} values={{ minutes }} />
      </Field>
      <Field label={t("currentPassword")} htmlFor={fields.password.id}>
        <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className={inputClass} />
        <FieldErrors id={fields.password.errorId} errors={fields.password.errors} values={{ minutes }} />
      </Field>
      <button type="submit" className="btn-primary" disabled={busy} data-testid="change-email-submit">
        {t("email.submit")}
      </button>
    </Form>
  );
}

function PasswordForm({ lastResult, minutes, busy }: FormProps) {
  const { t } = useTranslation(["settings", "account"]);
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="change-password-form">
      <input type="hidden" name="intent" value="password" />
      <Field label={t("password.old")} htmlFor={fields.old_password.id}>
        <input {...getInputProps(fields.old_password, { type: "password" })} autoComplete="current-password" className={inputClass} />
        <FieldErrors id={fields.old_password.errorId} errors={fields.old_password.errors} values={{ minutes }} />
      </Field>
      <Field label={t("password.new")} htmlFor={fields.password.id} hint={t("account:signup.passwordHint")}>
        <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" className={inputClass} />
        <FieldErrors id={fields.password.errorId} errors={fields.password.errors} />
      </Field>
      <Field label={t("password.repeat")} htmlFor={fields.repeat.id}>
        <input {...getInputProps(fields.repeat, { type: "password" })} autoComplete="new-password" className={inputClass} />
        <FieldErrors id={fields.repeat.errorId} errors={fields.repeat.errors} />
      </Field>
      <p className="text-xs text-gray-500">{t("password.otherSessions")}</p>
      <button type="submit" className="btn-primary" disabled={busy} data-testid="change-password-submit">
        {t("password.submit")}
      </button>
    </Form>
  );
}

/** Posts to /api/language, which saves the choice on the member and in the cookie. */
function LanguageForm() {
  const { t } = useTranslation("settings");
  const root = useRootData();
  if (!root) return null;
  return (
    <Form method="post" action="/api/language" className="flex flex-wrap items-end gap-3" data-testid="settings-language">
      <input type="hidden" name="redirectTo" value="/settings" />
      <Field label={t("language.label")} htmlFor="settings-language-select">
        <select id="settings-language-select" name="lng" defaultValue={root.locale} key={root.locale} className={inputClass}>
          {root.languages.map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {LANGUAGE_NAMES[lng]}
            </option>
          ))}
        </select>
      </Field>
      <SubmitButton className="btn-primary">
        {t("save")}
      </SubmitButton>
    </Form>
  );
}
