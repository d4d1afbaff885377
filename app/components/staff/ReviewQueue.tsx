import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PHOTO_REASON_KEYS, TEXT_REJECT_REASONS } from "~/domain/moderation-reasons";
import type { ReviewItem } from "~/models/moderation/review-queue.server";
import { useRefresh } from "./useRefresh";

type Decision = { decision: "approve" } | { decision: "reject"; reason: string };

/**
 * The moderation queue (docs/product/moderation.md#the-queue): one item large, decided with one
 * key — A approves, 1 to 6 reject with that reason, S skips for now. The buttons do the same
 * for a mouse.
 */
export function ReviewQueue({ items, waiting }: { items: ReviewItem[]; waiting: number }) {
  const { t } = useTranslation("staff");
  const fetcher = useFetcher<{ error: string | null }>();
  const [skipped, setSkipped] = useState<string[]>([]);
  const [decided, setDecided] = useState<string[]>([]);
  useRefresh(20);
  const keyOf = (item: ReviewItem) => `${item.type}:${item.id}`;
  const open = items.filter((item) => !skipped.includes(keyOf(item)) && !decided.includes(keyOf(item)));
  const current = open[0] ?? null;
  const reasons: readonly string[] = current?.type === "text" ? TEXT_REJECT_REASONS : PHOTO_REASON_KEYS;

  const decide = (item: ReviewItem, choice: Decision) => {
    // Gone from view at once: the next item is on screen before the server has answered.
    setDecided((list) => [...list, keyOf(item)]);
    fetcher.submit({ type: item.type, id: String(item.id), ...choice }, { method: "post" });
  };

  useEffect(() => {
    if (!current) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || (event.target instanceof HTMLElement && event.target.closest("input, textarea, select"))) return;
      const key = event.key.toLowerCase();
      if (key === "a") decide(current, { decision: "approve" });
      else if (key === "s") setSkipped((list) => [...list, keyOf(current)]);
      else if (/^[1-9]$/.test(key) && reasons[Number(key) - 1]) decide(current, { decision: "reject", reason: reasons[Number(key) - 1]! });
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("moderation.title")}</h1>
      <p className="mt-1 text-sm text-gray-700" data-testid="moderation-waiting">
        {t("moderation.waiting", { count: Math.max(0, waiting - decided.length) })} · {t("moderation.keys")}
      </p>
      {fetcher.data?.error === "tooMany" ? <p role="alert" className="mt-2 text-red-700">{t("moderation.tooMany")}</p> : null}
      {current ? (
        <section className="mt-4 grid gap-4 md:grid-cols-[2fr_1fr]" data-testid="review-item" data-type={current.type} data-id={current.id} data-member-id={current.memberId}>
          <div className="rounded-lg bg-white p-3 shadow-sm">
            <p className="text-sm text-gray-700">
              {current.memberName} · #{current.memberId} · {current.siteId}
            </p>
            {current.type === "photo" ? (
              <>
                <img src={current.imageUrl} alt={t("moderation.photoOf", { name: current.memberName })} width={current.width} height={current.height} className="mt-2 max-h-[70vh] w-auto rounded" />
                {current.flags.length > 0 ? (
                  <p className="mt-2 text-sm font-semibold text-amber-800" data-testid="review-flags">
                    {current.flags.map((flag) => t(`moderation.flags.${flag}`)).join(" · ")}
                  </p>
                ) : null}
              </>
            ) : (
              <div className="mt-2">
                <p className="text-sm font-semibold">{t(`moderation.fields.${current.field}`)}</p>
                <p className="mt-1 whitespace-pre-wrap rounded bg-gray-50 p-2" data-testid="review-text">
                  {current.text}
                </p>
                {current.previous ? <p className="mt-2 text-sm text-gray-700">{t("moderation.previous", { text: current.previous })}</p> : null}
                {current.heldWords.length > 0 ? <p className="mt-2 text-sm font-semibold text-amber-800">{t("moderation.held", { words: current.heldWords.join(", ") })}</p> : null}
              </div>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <button type="button" className="rounded bg-green-700 px-3 py-2 text-white" onClick={() => decide(current, { decision: "approve" })} data-testid="review-approve">
              <kbd className="mr-2 font-mono">A</kbd>
              {t("moderation.approve")}
            </button>
            {reasons.map((reason, index) => (
              <button key={reason} type="button" className="rounded bg-red-700 px-3 py-2 text-left text-white" onClick={() => decide(current, { decision: "reject", reason })} data-testid={`review-reject-${reason}`}>
                <kbd className="mr-2 font-mono">{index + 1}</kbd>
                {t(`moderation.reasons.${reason}`)}
              </button>
            ))}
            <button type="button" className="rounded border border-gray-400 px-3 py-2" onClick={() => setSkipped((list) => [...list, keyOf(current)])} data-testid="review-skip">
              <kbd className="mr-2 font-mono">S</kbd>
              {t("moderation.skip")}
            </button>
          </div>
        </section>
      ) : (
        <p className="mt-6 text-gray-700" data-testid="moderation-empty">
          {t("moderation.empty")}
        </p>
      )}
    </main>
  );
}
