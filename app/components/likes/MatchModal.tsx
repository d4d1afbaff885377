import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/ui/Modal";
import type { MatchCard } from "~/models/likes/pages/like-actions.server";

/**
 * The match modal (docs/product/likes.md#matches): the new match's photo and name; a click beside it or Escape closes it,
 * the button leads to the chat with them.
 */
export function MatchModal({ match, onClose }: { match: MatchCard; onClose: () => void }) {
  const { t } = useTranslation("likes");
  return (
    <Modal labelledBy="match-title" onClose={onClose} closeOnBackdrop testId="match-modal" className="max-w-sm p-6 text-center">
      {match.photoUrl ? (
        <img src={match.photoUrl} alt="" width={128} height={128} className="mx-auto h-32 w-32 rounded-full object-cover ring-4 ring-primary" />
      ) : (
        <span aria-hidden="true" className="mx-auto flex h-32 w-32 items-center justify-center rounded-full bg-primary/20 text-5xl font-bold text-secondary">
          {match.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <h2 id="match-title" className="mt-4 text-2xl font-bold text-primary">
        {t("match.title")}
      </h2>
      <p className="mt-2 text-gray-700">{t("match.body", { name: match.name })}</p>
      <div className="mt-6 flex flex-col gap-2">
        {/* Going to the chat closes it too (and so counts as seen). */}
        <AppLink to={`/members/${match.id}/chat`} className="btn-primary" onClick={onClose} data-testid="match-chat">
          {t("match.chat", { name: match.name })}
        </AppLink>
        <button type="button" className="btn-outline" onClick={onClose} data-testid="match-close">
          {t("match.close")}
        </button>
      </div>
    </Modal>
  );
}
