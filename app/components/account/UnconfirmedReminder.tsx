import { useFetcher, useLocation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/ui/Modal";
import { SMARTPHONE_QUERY, useMediaQuery } from "~/utils/use-media-query";
import { DismissableAlert } from "./DismissableAlert";

/**
 * docs/product/accounts.md#e-mail-confirmation: reminds an unconfirmed member to confirm, offers a new mail, can be dismissed.
 * Arriving with `api_signup_complete` on a smartphone, the reminder opens as a modal.
 */
export function UnconfirmedReminder({ email }: { email: string }) {
  const { t } = useTranslation("account");
  const [searchParams] = useSearchParams();
  const smartphone = useMediaQuery(SMARTPHONE_QUERY);
  const [modalClosed, setModalClosed] = useState(false);
  const body = t("unconfirmed.body", { email });
  if (smartphone && searchParams.has("api_signup_complete") && !modalClosed) {
    return (
      <ReminderModal onClose={() => setModalClosed(true)}>
        <p className="font-semibold">{t("unconfirmed.title")}</p>
        <p className="mt-1">{body}</p>
      </ReminderModal>
    );
  }
  return <DismissableAlert alert="unconfirmed" tone="warning" testId="unconfirmed-reminder" title={t("unconfirmed.title")} body={body} actions={<ResendButton />} />;
}

function ResendButton() {
  const { t } = useTranslation("account");
  const resend = useFetcher();
  const location = useLocation();
  return (
    <resend.Form method="post" action="/api/activation/resend">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="btn-outline px-3 py-1" disabled={resend.state !== "idle"} data-testid="resend-activation">
        {t("unconfirmed.resend")}
      </button>
    </resend.Form>
  );
}

function ReminderModal({ onClose, children }: { onClose: () => void; children: React.ReactNode }) {
  const { t } = useTranslation("account");
  return (
    <Modal labelledBy="unconfirmed-modal-title" onClose={onClose} closeOnBackdrop testId="unconfirmed-modal" className="max-w-md p-6">
      <h2 id="unconfirmed-modal-title" className="sr-only">
        {t("unconfirmed.title")}
      </h2>
      <div className="text-sm">{children}</div>
      <div className="mt-4 flex flex-wrap gap-2">
        <ResendButton />
        <button type="button" className="btn-primary px-3 py-1" onClick={onClose} data-testid="unconfirmed-modal-close">
          {t("unconfirmed.ok")}
        </button>
      </div>
    </Modal>
  );
}
