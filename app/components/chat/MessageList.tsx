import { useFetcher } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { giftImageUrl, isGiftId } from "~/domain/gifts";
import type { ChatMessage } from "~/models/chat/conversations.server";
import { dayOf, type ChatClock } from "~/utils/chat-clock";
import { dateTimeFormat } from "~/utils/intl-formats";

type ShownMessage = ChatMessage;

interface OlderPage {
  messages: ShownMessage[];
  hasOlder: boolean;
  olderHidden: boolean;
}

/** One list by id, without doubles. */
function mergeMessages(...lists: ShownMessage[][]): ShownMessage[] {
  const byId = new Map<number, ShownMessage>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The messages of a conversation, oldest at the top, with a separator per day (in the brand's
 * time zone, the same on server and browser). Scrolling to the top loads older messages (keyset,
 * `?before=`); where the brand's history limit hides older ones, the privacy notice says so.
 */
export function MessageList({
  messages,
  hasOlder,
  olderHidden,
  memberId,
  otherReadUpTo,
  clock,
}: {
  messages: ShownMessage[];
  hasOlder: boolean;
  olderHidden: boolean;
  memberId: number;
  otherReadUpTo: number;
  clock: ChatClock;
}) {
  const { timeZone, locale, today, yesterday } = clock;
  const { t } = useTranslation(["chat", "gifts"]);
  const older = useFetcher<OlderPage>();
  // Every message seen since the conversation opened: the newest page after each reload, and
  // older pages as they load. A reload's newest page may no longer reach back as far as the
  // first one did; what was shown stays.
  const [known, setKnown] = useState<ShownMessage[]>(messages);
  const [merged, setMerged] = useState<{ newest: ShownMessage[]; older?: OlderPage }>({ newest: messages });
  const [earlier, setEarlier] = useState<{ hasOlder: boolean; olderHidden: boolean } | null>(null);
  if (messages !== merged.newest || older.data !== merged.older) {
    setMerged({ newest: messages, older: older.data });
    setKnown(mergeMessages(known, messages, older.data && older.data !== merged.older ? older.data.messages : []));
    if (older.data && older.data !== merged.older) setEarlier({ hasOlder: older.data.hasOlder, olderHidden: older.data.olderHidden });
  }
  const bottom = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;

  // A new message scrolls into view.
  useLayoutEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [newestId]);

  const canLoadOlder = earlier ? earlier.hasOlder : hasOlder;
  const firstId = known[0]?.id;
  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || !canLoadOlder || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && older.state === "idle" && firstId) older.load(`?before=${firstId}`);
      },
      { root: scroller.current },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoadOlder, firstId, older]);

  const all = known;
  const hiddenNotice = earlier ? earlier.olderHidden : olderHidden;
  const time = dateTimeFormat(locale, { timeZone, hour: "2-digit", minute: "2-digit" });
  const longDay = dateTimeFormat(locale, { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const lastMine = [...all].reverse().find((message) => message.senderId === memberId);
  const rows = all.map((message, index) => {
    const day = dayOf(new Date(message.createdAt), timeZone);
    const before = all[index - 1];
    return { message, day, separator: !before || dayOf(new Date(before.createdAt), timeZone) !== day };
  });

  return (
    // A log (WCAG 4.1.3): screen readers read a new message as it arrives, not the whole list again.
    // Focusable, so the history scrolls from the keyboard too.
    <div
      ref={scroller}
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={t("title")}
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
      data-testid="chat-messages"
    >
      <div ref={top} />
      {canLoadOlder ? (
        <p className="text-center">
          <a href={`?before=${firstId}`} className="text-sm font-semibold text-primary" onClick={(event) => { event.preventDefault(); if (firstId) older.load(`?before=${firstId}`); }} data-testid="chat-older">
            {t("history.older")}
          </a>
        </p>
      ) : null}
      {hiddenNotice && !canLoadOlder ? (
        <p className="mx-auto my-2 max-w-md rounded-lg bg-gray-100 p-2 text-center text-xs text-gray-600" data-testid="chat-history-hidden">
          {t("history.hidden")}
        </p>
      ) : null}
      <ol className="flex flex-col gap-2">
        {rows.map(({ message, day, separator }) => {
          const mine = message.senderId === memberId;
          return (
            <li key={message.id} className="flex flex-col" data-testid="chat-message" data-message-id={message.id} data-mine={mine}>
              {separator ? (
                <span className="my-2 self-center rounded-full bg-gray-200 px-3 py-0.5 text-xs text-gray-700" data-testid="chat-day">
                  {day === today ? t("today") : day === yesterday ? t("yesterday") : longDay.format(new Date(message.createdAt))}
                </span>
              ) : null}
              <div className={`max-w-[80%] rounded-2xl px-3 py-2 shadow-sm ${mine ? "self-end bg-primary text-white" : "self-start bg-white text-gray-900"}`}>
                {message.kind === "text" ? <p className="whitespace-pre-wrap break-words" data-testid="chat-text">{message.body}</p> : null}
                {message.kind === "photo" && message.photoUrl ? (
                  <a href={message.photoUrl} target="_blank" rel="noreferrer">
                    <img src={message.photoThumbUrl ?? message.photoUrl} alt={t("photoAlt")} width={200} height={200} className="h-48 w-48 rounded-lg object-cover" data-testid="chat-photo" />
                  </a>
                ) : null}
                {message.kind === "photo" && !message.photoUrl ? (
                  <p className="italic" data-testid="chat-photo-removed">
                    {t("photoRemoved")}
                  </p>
                ) : null}
                {message.kind === "gift" && isGiftId(message.giftId) ? (
                  <figure className="flex flex-col items-center" data-testid="chat-gift" data-gift={message.giftId}>
                    <img src={giftImageUrl(message.giftId)} alt="" width={96} height={96} />
                    <figcaption className="text-sm">{t("giftFrom", { gift: t(message.giftId, { ns: "gifts" }) })}</figcaption>
                  </figure>
                ) : null}
                <span className={`mt-1 block text-right text-xs ${mine ? "text-white" : "text-gray-600"}`}>
                  {time.format(new Date(message.createdAt))}
                </span>
              </div>
              {lastMine && message.id === lastMine.id ? (
                <span className="self-end text-xs text-gray-500" data-testid="chat-read-state">
                  {otherReadUpTo >= message.id ? t("read") : t("sent")}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <PendingText onShow={() => bottom.current?.scrollIntoView({ block: "end" })} />
      <div ref={bottom} />
    </div>
  );
}

/**
 * The text being sent, shown at once below the conversation until the answer comes: then it is
 * the real message, or it goes and the composer has it back with the reason (the composer's
 * fetcher, shared by its key).
 */
function PendingText({ onShow }: { onShow: () => void }) {
  const { t } = useTranslation("chat");
  const sending = useFetcher({ key: "chat-text" });
  const body = sending.state !== "idle" ? sending.formData?.get("body") : null;
  const text = typeof body === "string" ? body.trim() : "";
  useLayoutEffect(() => {
    if (text) onShow();
  }, [text, onShow]);
  if (!text) return null;
  return (
    <div className="mt-2 flex flex-col" data-testid="chat-pending">
      <div className="max-w-[80%] self-end rounded-2xl bg-primary/80 px-3 py-2 text-white shadow-sm">
        <p className="whitespace-pre-wrap break-words">{text}</p>
      </div>
      <span className="self-end text-xs text-gray-500">{t("sending")}</span>
    </div>
  );
}
