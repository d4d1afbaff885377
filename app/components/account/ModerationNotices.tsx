import { useFetcher, useLocation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/Field";
import type { Notice } from "~/models/moderation/member-notices.server";

/**
 * What moderators told the member (docs/product/moderation.md#telling-the-member): a rejected
 * photo or text with the reason, or a warning; each stays until put away (/api/notices/dismiss).
 */
export function ModerationNotices({ notices }: { notices: Notice[] }) {
  return (
    <>
      {notices.map((notice) => (
        <ModerationNotice key={notice.id} notice={notice} />
      ))}
    </>
  );
}

function ModerationNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation("moderation");
  const dismiss = useFetcher();
  const location = useLocation();
  if (dismiss.state !== "idle" || dismiss.data !== undefined) return null;
  const group = notice.kind === "warning" ? "warning" : notice.kind === "photo_rejected" ? "photo" : "text";
  return (
    <Alert tone="warning" testId={`notice-${notice.kind}`}>
      <p className="font-semibold">{t(`notices.${notice.kind}`, { field: notice.field ? t(`fields.${notice.field}`) : "" })}</p>
      <p className="mt-1" data-testid="notice-reason">
        {t(`reasons.${group}.${notice.reason}`)}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {notice.kind === "warning" ? null : (
          <AppLink to="/profile" className="btn-outline px-3 py-1">
            {t("notices.toProfile")}
          </AppLink>
        )}
        <dismiss.Form method="post" action="/api/notices/dismiss">
          <input type="hidden" name="notice" value={notice.id} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" className="btn px-3 py-1 text-gray-700 hover:bg-black/5" data-testid="notice-dismiss">
            {t("notices.dismiss")}
          </button>
        </dismiss.Form>
      </div>
    </Alert>
  );
}
