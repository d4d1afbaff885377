import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/ui/Modal";

const LINES = ["line1", "line2", "line3", "line4", "line5"] as const;

/**
 * The icebreaker modal (docs/product/chat.md#starting-a-conversation): opening lines for an empty conversation; one goes into the composer.
 * Closed either way, the focus goes to the composer (`composer`).
 */
export function IcebreakerModal({ name, onChoose, onClose, composer }: { name: string; onChoose: (line: string) => void; onClose: () => void; composer: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation("chat");
  return (
    <Modal labelledBy="icebreaker-title" onClose={onClose} closeOnBackdrop returnFocusTo={composer} testId="icebreaker" className="max-w-md p-5">
      <h2 id="icebreaker-title" className="text-xl font-bold">
        {t("icebreaker.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t("icebreaker.intro")}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {LINES.map((key) => {
          const line = t(`icebreaker.${key}`, { name });
          return (
            <li key={key}>
              <button type="button" className="w-full rounded-xl border border-gray-200 p-3 text-left hover:border-primary hover:bg-primary/5" onClick={() => onChoose(line)} data-testid="icebreaker-line">
                {line}
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="btn-outline mt-4 w-full" onClick={onClose} data-testid="icebreaker-close">
        {t("icebreaker.close")}
      </button>
    </Modal>
  );
}
