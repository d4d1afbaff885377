import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Field";

/**
 * The page a mailed link that logs in opens (docs/product/accounts.md#links-that-log-in): whose
 * link it is and one button that posts from the brand's own origin, without JavaScript too.
 * Only that POST uses the link, so a page elsewhere or a mail scanner cannot log a browser in.
 */
export function LinkContinue({ kind, name, error }: { kind: "activate" | "reactivate" | "login"; name: string; error?: { key: string; minutes: number } | null }) {
  const { t } = useTranslation(["account", "security"]);
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto max-w-md px-4 py-10" data-testid="link-continue">
      <h1 className="text-3xl font-bold">{t(`link.${kind}.title`)}</h1>
      <p className="mt-2 text-gray-700">{t("link.as", { name })}</p>
      <Form method="post" className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm">
        {error ? (
          <Alert tone="danger" testId="link-continue-error">
            {t(error.key, { minutes: error.minutes })}
          </Alert>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={busy} data-testid="link-continue-submit">
          {t(`link.${kind}.button`)}
        </button>
      </Form>
      <p className="mt-4 text-sm text-gray-600">{t("link.notYou")}</p>
    </main>
  );
}
