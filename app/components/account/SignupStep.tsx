import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { SIGNUP_STEPS, type SignupStep } from "~/models/accounts/signup-steps";

/** The frame of a /complete-signup step: progress, title, intro, the step's form. */
export function SignupStepFrame({ step, children }: { step: SignupStep; children: ReactNode }) {
  const { t } = useTranslation("account");
  const index = SIGNUP_STEPS.indexOf(step);
  return (
    <main className="mx-auto max-w-xl px-4 py-8" data-testid={`signup-step-${step}`}>
      <label htmlFor="signup-progress" className="text-sm text-gray-500">
        {t("completeSignup.progress", { step: index + 1, total: SIGNUP_STEPS.length })}
      </label>
      {/* A progress element, not a styled div: the content security policy forbids inline styles. */}
      <progress id="signup-progress" value={index + 1} max={SIGNUP_STEPS.length} className="mt-2 block h-2 w-full accent-primary" />
      <h1 className="mt-6 text-2xl font-bold">{t(`completeSignup.${step}.title`)}</h1>
      <p className="mt-2 text-gray-600">{t(`completeSignup.${step}.intro`)}</p>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">{children}</div>
    </main>
  );
}

/** Save and skip buttons; skipping never validates and keeps what was saved before. */
export function StepButtons({ busy, saveLabel }: { busy: boolean; saveLabel?: string }) {
  const { t } = useTranslation("account");
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <SubmitButton name="intent" value="skip" formNoValidate className="btn px-4 py-2 text-gray-600 hover:bg-gray-100" disabled={busy} data-testid="step-skip">
        {t("completeSignup.skip")}
      </SubmitButton>
      <SubmitButton name="intent" value="save" className="btn-primary" disabled={busy} data-testid="step-save">
        {saveLabel ?? t("completeSignup.save")}
      </SubmitButton>
    </div>
  );
}
