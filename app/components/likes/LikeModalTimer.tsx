import { useFetcher, useRevalidator, useSearchParams } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/ui/Modal";
import type { AutoLike } from "~/models/likes/auto-like.server";

/** docs/product/likes.md#like-modal: after an auto-like result, likes reload after this long. */
const RELOAD_AFTER_MS = 500;

/**
 * Query parameter t (docs/product/likes.md#like-modal): `?t=3` opens the like modal after three seconds, offering a
 * profile that liked the member (from /api/auto-like); the parameter is then removed.
 */
export function LikeModalTimer() {
  const { t } = useTranslation("likes");
  const [searchParams, setSearchParams] = useSearchParams();
  const fetcher = useFetcher<{ profile: AutoLike | null }>();
  const revalidator = useRevalidator();
  // Closing hides this answer only; the next arrival with ?t= brings a new one.
  const [closed, setClosed] = useState<unknown>(null);
  const raw = searchParams.get("t");
  const delay = Number(raw);
  const valid = raw !== null && raw !== "" && Number.isFinite(delay) && delay >= 0 && delay <= 3600;

  useEffect(() => {
    if (raw === null) return;
    const dropParameter = () =>
      setSearchParams((params) => {
        params.delete("t");
        return params;
      }, { replace: true, preventScrollReset: true });
    if (!valid) {
      dropParameter();
      return;
    }
    const timer = setTimeout(() => {
      fetcher.submit(null, { method: "post", action: "/api/auto-like" });
      dropParameter();
    }, delay * 1000);
    return () => clearTimeout(timer);
    // The timer belongs to this arrival with ?t=, not to every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [raw]);

  const profile = fetcher.data?.profile ?? null;
  useEffect(() => {
    if (!profile) return;
    const timer = setTimeout(() => revalidator.revalidate(), RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile?.id]);

  if (!profile || closed === fetcher.data) return null;
  return (
    <Modal labelledBy="like-modal-title" onClose={() => setClosed(fetcher.data)} closeOnBackdrop testId="like-modal" className="max-w-sm p-6 text-center">
      {profile.photoUrl ? <img src={profile.photoUrl} alt="" width={128} height={128} className="mx-auto h-32 w-32 rounded-full object-cover" /> : null}
      <h2 id="like-modal-title" className="mt-4 text-xl font-bold">
        {t("likeModal.title", { name: profile.name })}
      </h2>
      <div className="mt-6 flex flex-col gap-2">
        {/* The layout stays while the profile opens: the modal closes with the click. */}
        <AppLink to={profile.matchPath} className="btn-primary" onClick={() => setClosed(fetcher.data)} data-testid="like-modal-view">
          {t("likeModal.view")}
        </AppLink>
        <button type="button" className="btn-outline" onClick={() => setClosed(fetcher.data)}>
          {t("likeModal.later")}
        </button>
      </div>
    </Modal>
  );
}
