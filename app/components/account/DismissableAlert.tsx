import { useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Field";
import type { AlertName } from "~/models/notifications/pages/alerts.server";

/**
 * An account alert (docs/product/notifications.md#alerts) with a dismiss button; the dismissal time is stored by
 * /api/alerts/dismiss. Works as a plain form post without JavaScript.
 */
export function DismissableAlert({
  alert,
  tone,
  testId,
  actions,
  children,
}: {
  alert: AlertName;
  tone: "warning" | "info";
  testId: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("account");
  const dismiss = useFetcher();
  const location = useLocation();
  if (dismiss.state !== "idle" || dismiss.data !== undefined) return null;
  return (
    <Alert tone={tone} testId={testId}>
      {children}
      <div className="mt-2 flex flex-wrap gap-2">
        {actions}
        <dismiss.Form method="post" action="/api/alerts/dismiss">
          <input type="hidden" name="alert" value={alert} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" className="btn px-3 py-1 text-gray-600 hover:bg-black/5" data-testid={`${testId}-dismiss`}>
            {t("unconfirmed.dismiss")}
          </button>
        </dismiss.Form>
      </div>
    </Alert>
  );
}
