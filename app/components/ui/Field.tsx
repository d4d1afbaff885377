import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Translated messages of a field; conform hands us catalogue keys of the `account` namespace. */
export function FieldErrors({ id, errors, values }: { id: string; errors: string[] | undefined; values?: Record<string, unknown> }) {
  const { t } = useTranslation("account");
  if (!errors?.length) return null;
  return (
    <div id={id} className="mt-1 text-sm text-danger" role="alert">
      {errors.map((error) => (
        <p key={error}>{t(error, values)}</p>
      ))}
    </div>
  );
}

export function Field({ label, htmlFor, hint, children }: { label: string; htmlFor: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
    </div>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-gray-300 px-3 py-2 text-base shadow-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-danger";

export function Alert({ tone, children, testId }: { tone: "danger" | "warning" | "info" | "success"; children: ReactNode; testId?: string }) {
  const tones = {
    danger: "border-danger/40 bg-danger/10 text-gray-900",
    warning: "border-warning/60 bg-warning/15 text-gray-900",
    info: "border-info/40 bg-info/10 text-gray-900",
    success: "border-success/40 bg-success/10 text-gray-900",
  };
  return (
    <div className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`} role={tone === "danger" ? "alert" : "status"} data-testid={testId}>
      {children}
    </div>
  );
}
