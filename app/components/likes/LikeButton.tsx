import { useFetcher, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { LikeReply } from "~/models/likes/pages/like-actions.server";
import { MatchModal } from "./MatchModal";

/**
 * Like or unlike a member: a form to the page's own action (works without JavaScript), sent
 * through a fetcher so the page stays; a like that makes a match opens the match modal.
 */
export function LikeButton({ memberId, liked, compact = false, finishLike = false }: { memberId: number; liked: boolean; compact?: boolean; finishLike?: boolean }) {
  const { t } = useTranslation("likes");
  const fetcher = useFetcher<LikeReply>();
  const button = useRef<HTMLButtonElement>(null);
  const [closed, setClosed] = useState<number | null>(null);
  const pending = fetcher.formData?.get("intent");
  const reply = fetcher.data?.memberId === memberId ? fetcher.data : undefined;
  const isLiked = pending ? pending === "like" : (reply?.liked ?? liked);
  const match = reply?.match && closed !== reply.match.id ? reply.match : null;
  return (
    <>
      <fetcher.Form method="post" className={compact ? "" : "inline"}>
        <input type="hidden" name="member" value={memberId} />
        <input type="hidden" name="intent" value={isLiked ? "unlike" : "like"} />
        {/* A plain button: the like shows at once (the label turns while the answer is on its way). */}
        <button
          ref={button}
          type="submit"
          className={`${isLiked ? "btn-outline" : "btn-primary"} ${compact ? "w-full px-3 py-1 text-sm" : "max-md:w-full"} ${finishLike && !isLiked ? "ring-4 ring-primary/40" : ""}`}
          aria-pressed={isLiked}
          data-testid={isLiked ? "action-unlike" : "action-like"}
        >
          {isLiked ? t("unlike") : t("like")}
        </button>
      </fetcher.Form>
      {reply?.refused ? (
        <p className="mt-1 text-sm text-danger" role="alert" data-testid="like-refused">
          {t(`refused.${reply.refused}`)}
        </p>
      ) : null}
      {match ? <MatchModal match={match} onClose={() => setClosed(match.id)} /> : null}
      {finishLike ? <AwaitLike button={button} /> : null}
    </>
  );
}

/**
 * A visitor who pressed like was sent to log in and came back with ?like=1: the like button waits
 * for them, focused and marked. It is not pressed for them: a link alone must never like anyone.
 */
function AwaitLike({ button }: { button: RefObject<HTMLButtonElement | null> }) {
  const [, setSearchParams] = useSearchParams();
  useEffect(() => {
    button.current?.focus();
    setSearchParams((params) => {
      params.delete("like");
      return params;
    }, { replace: true, preventScrollReset: true });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
