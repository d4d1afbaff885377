import { useFetcher, useNavigate, useRevalidator } from "@remix-run/react";
import X from "lucide-react/icons/x";
import { AppLink } from "~/components/ui/AppLink";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { badgeText } from "~/components/likes/badge-count";
import { Icon } from "~/components/ui/Icon";
import type { MessageKind } from "~/models/chat/chat-rules";
import { listTime, type ChatClock } from "~/utils/chat-clock";
import { apiCall } from "~/utils/api-call";

export interface ConversationItem {
  id: number;
  other: { id: number; name: string; photoUrl: string | null };
  unread: number;
  /** A Date in the page's data; an ISO string in the further pages' JSON (GET /api/conversations). */
  lastMessageAt: Date | string;
  /**
   * The time the list shows (listTime), written by the page's loader (docs/decisions/036-intl-formatting-in-loaders.md);
   * the further pages' JSON has none, and the browser writes theirs.
   */
  time?: string;
  last: { kind: MessageKind; mine: boolean; body: string | null } | null;
}

/**
 * The member's conversations, newest first. Deleting one removes it from the list at once, then
 * on the server; when that fails the list says why and is loaded again (docs/product/chat.md#deleting-a-conversation).
 */
export function ConversationList({ items, activeId, more, clock }: { items: ConversationItem[]; activeId: number | null; more: string | null; clock: ChatClock }) {
  const { t } = useTranslation("chat");
  // Made only for items without a written time: the first Intl formatter is costly in a phone's browser.
  let when: ((at: Date) => string) | undefined;
  const timeOf = (item: ConversationItem) => item.time ?? (when ??= listTime(clock, t("yesterday")))(new Date(item.lastMessageAt));
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const further = useFetcher<{ items: ConversationItem[]; more: string | null }>();
  const [removed, setRemoved] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  // Fresh list data from the server is the truth again (a deleted conversation can come back with a new message).
  const [seenItems, setSeenItems] = useState(items);
  if (items !== seenItems) {
    setSeenItems(items);
    setRemoved([]);
  }
  // Each further page goes below the ones before.
  const [loaded, setLoaded] = useState<ConversationItem[]>([]);
  const [seenPage, setSeenPage] = useState(further.data);
  if (further.data !== seenPage) {
    setSeenPage(further.data);
    if (further.data) setLoaded([...loaded, ...further.data.items]);
  }
  const shown = [...items, ...loaded.filter((item) => !items.some((first) => first.id === item.id))].filter((item) => !removed.includes(item.id));
  const nextPage = further.data ? further.data.more : more;

  async function remove(id: number) {
    setFailure(null);
    setRemoved((list) => [...list, id]);
    let error: string | null = null;
    // Not repeated: the list is restored with the error at once (docs/product/chat.md#deleting-a-conversation).
    const response = await apiCall(`/api/conversations/${id}`, { method: "DELETE", headers: { accept: "application/json" } }, { retry: false });
    if (response === false) error = t("list.offline");
    else if (!response.ok) error = `${response.status} ${response.statusText}`.trim();
    if (error !== null) {
      setFailure(t("list.deleteFailed", { error }));
      setRemoved((list) => list.filter((other) => other !== id));
    }
    if (error === null && id === activeId) navigate("/chats");
    else revalidator.revalidate();
  }

  return (
    <>
      {failure ? (
        <p role="alert" className="m-3 rounded-lg bg-danger/10 p-3 text-sm text-danger" data-testid="chat-delete-failed">
          {failure}
        </p>
      ) : null}
      {shown.length === 0 ? (
        <p className="p-4 text-sm text-gray-600" data-testid="chats-empty">
          {t("list.empty")}
        </p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto" data-testid="chat-list">
          {shown.map((item) => (
            <li key={item.id} className={`group flex items-center border-b border-gray-100 ${item.id === activeId ? "bg-primary/10" : "hover:bg-gray-50"}`} data-testid="chat-item" data-conversation-id={item.id}>
              <AppLink to={`/chats/${item.id}`} className="flex min-w-0 flex-1 items-center gap-3 p-3" aria-current={item.id === activeId ? "page" : undefined}>
                {item.other.photoUrl ? (
                  <img src={item.other.photoUrl} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-full object-cover" />
                ) : (
                  <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary/20 text-lg font-bold text-secondary">
                    {item.other.name.slice(0, 1).toUpperCase()}
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate font-semibold" data-testid="chat-item-name">{item.other.name}</span>
                    <time className="shrink-0 text-xs text-gray-600" dateTime={new Date(item.lastMessageAt).toISOString()} data-testid="chat-item-time">
                      {timeOf(item)}
                    </time>
                  </span>
                  <span className="block truncate text-sm text-gray-600" data-testid="chat-item-last">
                    {item.last ? `${item.last.mine ? t("list.you") : ""}${item.last.kind === "text" ? item.last.body : t(`list.${item.last.kind}`)}` : ""}
                  </span>
                </span>
                {item.unread > 0 ? (
                  <span className="rounded-full bg-unread px-2 py-0.5 text-xs font-bold text-white" data-testid="chat-item-unread">
                    <span aria-hidden="true">{badgeText(item.unread)}</span>
                    <span className="sr-only">{t("list.unread", { count: item.unread })}</span>
                  </span>
                ) : null}
              </AppLink>
              {/* Without JavaScript the form posts and the server sends the member back to the list. */}
              <form
                method="post"
                action={`/api/conversations/${item.id}`}
                onSubmit={(event) => {
                  event.preventDefault();
                  void remove(item.id);
                }}
              >
                <button
                  type="submit"
                  className="mr-2 rounded p-2 text-gray-600 hover:bg-danger/10 hover:text-danger"
                  aria-label={t("list.delete", { name: item.other.name })}
                  title={t("list.delete", { name: item.other.name })}
                  data-testid="chat-item-delete"
                >
                  <Icon icon={X} />
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {nextPage ? (
        <a
          href={`/chats?after=${nextPage}`}
          onClick={(event) => {
            event.preventDefault();
            if (further.state === "idle") further.load(`/api/conversations?after=${nextPage}`);
          }}
          className="block p-3 text-center text-sm font-semibold text-primary"
          data-testid="chats-more"
        >
          {t("list.more")}
        </a>
      ) : null}
    </>
  );
}
