import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Field";

/** Spec section 4: reminds an unconfirmed member to confirm, offers a new mail, can be dismissed. */
export function UnconfirmedReminder({ email }: { email: string }) {
  const { t } = useTranslation("account");
  const resend = useFetcher();
  const dismiss = useFetcher();
  const location = useLocation();
  if (dismiss.state !== "idle" || dismiss.data !== undefined) return null;
  const here = `${location.pathname}${location.search}`;
  return (
    <Alert tone="warning" testId="unconfirmed-reminder">
      <p className="font-semibold">{t("unconfirmed.title")}</p>
      <p className="mt-1">{t("unconfirmed.body", { email })}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <resend.Form method="post" action="/api/activation/resend">
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" className="btn-outline px-3 py-1" disabled={resend.state !== "idle"} data-testid="resend-activation">
            {t("unconfirmed.resend")}
          </button>
        </resend.Form>
        <dismiss.Form method="post" action="/api/alerts/dismiss">
          <input type="hidden" name="alert" value="unconfirmed" />
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" className="btn px-3 py-1 text-gray-600 hover:bg-black/5">
            {t("unconfirmed.dismiss")}
          </button>
        </dismiss.Form>
      </div>
    </Alert>
  );
}
