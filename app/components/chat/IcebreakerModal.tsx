import { useTranslation } from "react-i18next";

const LINES = ["line1", "line2", "line3", "line4", "line5"] as const;

/** The icebreaker modal (docs/product/chat.md#starting-a-conversation): opening lines for an empty conversation; one goes into the composer. */
export function IcebreakerModal({ name, onChoose, onClose }: { name: string; onChoose: (line: string) => void; onClose: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4" role="presentation">
      <div role="dialog" aria-modal="true" aria-labelledby="icebreaker-title" className="w-full max-w-md rounded-2xl bg-white p-5 shadow-2xl" data-testid="icebreaker">
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
      </div>
    </div>
  );
}
