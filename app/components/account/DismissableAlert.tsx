import { useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AlertName } from "~/models/notifications/pages/alerts.server";

const TONES = {
  warning: "border-warning/60 bg-warning/15",
  info: "border-info/40 bg-info/10",
};

/**
 * An account prompt (docs/product/notifications.md#one-prompt-at-a-time) as a compact bar: its title, a short
 * body, its action and "Later", which /api/alerts/dismiss stores for the member so the prompt stays
 * away for days on every page. Works as a plain form post without JavaScript.
 */
export function DismissableAlert({
  alert,
  tone,
  testId,
  title,
  body,
  actions,
}: {
  alert: AlertName;
  tone: keyof typeof TONES;
  testId: string;
  title: ReactNode;
  body: ReactNode;
  actions?: ReactNode;
}) {
  const later = useLater();
  if (later.done) return null;
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-lg border px-3 py-2 text-sm text-gray-900 ${TONES[tone]}`} role="status" data-testid={testId}>
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold">{title}</p>
        {/* Two lines at most on a phone: the prompt must not push the page below the first screen. */}
        <p className="line-clamp-2 text-gray-800 [overflow-wrap:anywhere] md:line-clamp-none">{body}</p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {actions}
        <LaterButton later={later} alert={alert} testId={`${testId}-dismiss`} />
      </div>
    </div>
  );
}

/** "Later" for a prompt: `done` once it was pressed, so the prompt goes at once while the answer is on its way. */
export function useLater() {
  const fetcher = useFetcher();
  return { fetcher, done: fetcher.state !== "idle" || fetcher.data !== undefined };
}

/** The "Later" button: stored for the member by /api/alerts/dismiss (a plain form post without JavaScript). */
export function LaterButton({ later, alert, testId }: { later: ReturnType<typeof useLater>; alert: AlertName; testId: string }) {
  const { t } = useTranslation("account");
  const location = useLocation();
  return (
    <later.fetcher.Form method="post" action="/api/alerts/dismiss">
      <input type="hidden" name="alert" value={alert} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="btn min-h-[36px] px-3 py-1 text-gray-700 hover:bg-black/5" data-testid={testId}>
        {t("unconfirmed.dismiss")}
      </button>
    </later.fetcher.Form>
  );
}
