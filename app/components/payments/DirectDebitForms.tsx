import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { Alert, Field, FieldErrors, inputClass } from "~/components/ui/Field";
import { mandateSchema, verifySchema } from "~/models/payments/direct-debit-form";

/* The two forms of /directdebit: the mandate, then the code sent by SMS. Both work without JavaScript. */

function FormErrors({ errors }: { errors: string[] | undefined }) {
  const { t } = useTranslation("directdebit");
  return errors?.length ? <Alert tone="danger" testId="dd-form-error">{errors.map((error) => t(error)).join(" ")}</Alert> : null;
}

export function MandateForm({ lastResult, product, code, consent }: { lastResult?: SubmissionResult<string[]>; product: string; code: string | null; consent: string }) {
  const { t } = useTranslation("directdebit");
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "direct-debit",
    lastResult,
    constraint: getZodConstraint(mandateSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mandateSchema }),
  });
  const text = (name: "account_holder" | "iban" | "street" | "house_number" | "zip" | "city" | "phone", label: string, autoComplete: string, hint?: string) => (
    <Field label={label} htmlFor={fields[name].id} hint={hint}>
      <input {...getInputProps(fields[name], { type: name === "phone" ? "tel" : "text" })} autoComplete={autoComplete} className={inputClass} />
      <FieldErrors id={fields[name].errorId} errors={fields[name].errors} />
    </Field>
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-2xl bg-white p-5 shadow-sm" data-testid="dd-form">
      <input type="hidden" name="intent" value="mandate" />
      <input type="hidden" name="product" value={product} />
      {code ? <input type="hidden" name="code" value={code} /> : null}
      <p className="text-sm text-gray-600">{t("intro")}</p>
      <FormErrors errors={form.errors} />
      {text("account_holder", t("form.accountHolder"), "name")}
      {text("iban", t("form.iban"), "off")}
      <div className="grid grid-cols-[1fr_8rem] gap-3">
        {text("street", t("form.street"), "address-line1")}
        {text("house_number", t("form.houseNumber"), "address-line2")}
      </div>
      <div className="grid grid-cols-[8rem_1fr] gap-3">
        {text("zip", t("form.zip"), "postal-code")}
        {text("city", t("form.city"), "address-level2")}
      </div>
      {text("phone", t("form.phone"), "tel", t("form.phoneHint"))}
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input {...getInputProps(fields.consent, { type: "checkbox" })} className="mt-1 h-4 w-4 accent-primary" />
          <span>{consent}</span>
        </label>
        <FieldErrors id={fields.consent.errorId} errors={fields.consent.errors} />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="dd-submit">
        {t("form.submit")}
      </button>
    </Form>
  );
}

interface CodeStepProps {
  requestId: number;
  phone: string;
  minutes: number;
  state: "open" | "expired" | "dead";
  productId: string;
  lastResult?: SubmissionResult<string[]>;
  attemptsLeft?: number;
}

export function CodeStep({ requestId, phone, minutes, state, productId, lastResult, attemptsLeft }: CodeStepProps) {
  const { t } = useTranslation("directdebit");
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: `dd-code-${requestId}`,
    lastResult,
    constraint: getZodConstraint(verifySchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifySchema }),
  });
  // A 400 answer does not reload the page's data: the attempts left come with the answer.
  const dead = state === "dead" || attemptsLeft === 0;
  return (
    <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm" data-testid="dd-code-step">
      <h2 className="text-xl font-bold">{t("code.heading")}</h2>
      <p className="text-sm text-gray-600">{t("code.sentTo", { phone, minutes })}</p>
      <FormErrors errors={form.errors} />
      {state === "open" && !dead ? (
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="request" value={requestId} />
          <Field label={t("code.label")} htmlFor={fields.code.id}>
            <input {...getInputProps(fields.code, { type: "text" })} inputMode="numeric" autoComplete="one-time-code" className={`${inputClass} tracking-widest`} />
            <FieldErrors id={fields.code.errorId} errors={fields.code.errors} />
            {attemptsLeft ? <p className="mt-1 text-xs text-gray-500">{t("code.attemptsLeft", { count: attemptsLeft })}</p> : null}
          </Field>
          <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="dd-verify">
            {t("code.submit")}
          </button>
        </Form>
      ) : (
        <Alert tone="warning" testId="dd-code-dead">
          {attemptsLeft === 0 ? <p>{t("code.invalid")}</p> : null}
          <p>{t(dead ? "code.dead" : "code.expired")}</p>
        </Alert>
      )}
      <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="request" value={requestId} />
        <button type="submit" className="btn-outline" disabled={busy} data-testid="dd-resend">
          {t("code.resend")}
        </button>
        <AppLink to={`/directdebit?product=${encodeURIComponent(productId)}`} className="text-sm text-primary underline">
          {t("code.restart")}
        </AppLink>
      </Form>
    </section>
  );
}
