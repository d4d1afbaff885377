import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation, type FetcherWithComponents } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { signupSchema } from "~/models/accounts/signup-schema";

export interface SignupFormProps {
  minAge: number;
  /** The latest date of birth old enough to sign up (YYYY-MM-DD), from the server's clock. */
  latestBirthDate: string;
  lastResult?: SubmissionResult<string[]>;
  suggestion?: string;
  /** Minutes to wait after too many signups from this address (the form's error says so). */
  waitMinutes?: number;
  /** Submits through this fetcher (the signup modal) instead of navigating (the /signup page). */
  fetcher?: Pick<FetcherWithComponents<unknown>, "Form" | "state">;
  /** Where the form goes: /signup, or the signup with a member's profile (/members/{id}/signup). */
  action?: string;
}

/** The signup form (docs/product/accounts.md#signup): e-mail, name, password, date of birth and an optional message. */
export function SignupForm({ minAge, latestBirthDate, lastResult, suggestion, waitMinutes, fetcher, action = "/signup" }: SignupFormProps) {
  const { t } = useTranslation("account");
  const schema = useMemo(() => signupSchema(minAge), [minAge]);
  const navigation = useNavigation();
  const busy = fetcher ? fetcher.state !== "idle" : navigation.state !== "idle" && navigation.formAction === action;
  const FormElement = fetcher ? fetcher.Form : Form;
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const emailErrors = fields.email.errors?.filter((key) => key !== "validation.emailSuggestion");

  return (
    <FormElement method="post" action={action} {...getFormProps(form)} className="space-y-4" data-testid="signup-form">
      <FieldErrors id={form.errorId} errors={form.errors} values={{ minutes: waitMinutes }} />
      <Field label={t("signup.email")} htmlFor={fields.email.id}>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        <FieldErrors id={fields.email.errorId} errors={emailErrors} />
        {emailErrors?.includes("validation.emailTaken") ? (
          <AppLink to="/login" className="text-sm font-semibold text-primary underline">
            {t("signup.loginInstead")}
          </AppLink>
        ) : null}
        {suggestion ? (
          <div className="mt-2 rounded-lg bg-warning/15 p-3 text-sm" role="alert" data-testid="email-suggestion">
            <p>{t("validation.emailSuggestion", { suggestion })}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="submit" name="use_suggestion" value={suggestion} className="btn-primary px-3 py-1" disabled={busy}>
                {t("signup.useSuggestion", { suggestion })}
              </button>
              <input type="hidden" name={fields.email_confirmed.name} value={fields.email.initialValue ?? ""} />
              <button type="submit" className="btn-outline px-3 py-1" disabled={busy}>
                {t("signup.keepEmail")}
              </button>
            </div>
          </div>
        ) : null}
      </Field>
      <Field label={t("signup.name")} htmlFor={fields.name.id} hint={t("signup.nameHint")}>
        <input {...getInputProps(fields.name, { type: "text" })} autoComplete="nickname" className={inputClass} />
        <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
      </Field>
      <Field label={t("signup.password")} htmlFor={fields.password.id} hint={t("signup.passwordHint")}>
        <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" className={inputClass} />
        <FieldErrors id={fields.password.errorId} errors={fields.password.errors} />
      </Field>
      <Field label={t("signup.dateOfBirth")} htmlFor={fields.date_of_birth.id}>
        <input {...getInputProps(fields.date_of_birth, { type: "date" })} max={latestBirthDate} min="1900-01-01" className={inputClass} />
        <FieldErrors id={fields.date_of_birth.errorId} errors={fields.date_of_birth.errors} values={{ minAge }} />
      </Field>
      <Field label={t("signup.message")} htmlFor={fields.signup_message.id} hint={t("signup.messageHint")}>
        <textarea {...getTextareaProps(fields.signup_message)} rows={3} className={inputClass} />
        <FieldErrors id={fields.signup_message.errorId} errors={fields.signup_message.errors} />
      </Field>
      <p className="text-xs text-gray-500">
        {t("signup.consent")}{" "}
        <AppLink to="/pages/terms" className="underline">
          {t("signup.terms")}
        </AppLink>{" "}
        ·{" "}
        <AppLink to="/pages/privacy" className="underline">
          {t("signup.privacy")}
        </AppLink>
      </p>
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy} data-testid="signup-submit">
        {busy ? t("signup.submitting") : t("signup.submit")}
      </button>
    </FormElement>
  );
}
