import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { MEMBER_EVENT_KINDS, RESYNC_EVENT } from "~/models/notifications/member-event-kinds";

/** Event kinds after which the page's data (badges, lists, balance) is loaded again. */
const RELOADING_KINDS = MEMBER_EVENT_KINDS.filter((kind) => kind !== "typing");
/** docs/product/notifications.md#polling: polling starts 5 s after the page mounts, then every 60 s, or every 300 s with push on. */
const POLL_FIRST_MS = 5_000;
const POLL_MS = 60_000;
const POLL_WITH_PUSH_MS = 300_000;
/** Several events in a burst make one reload. */
const RELOAD_DEBOUNCE_MS = 250;

/** Pages that show one conversation listen for these (a typing signal, a message, a read receipt). */
export const MEMBER_EVENT = "member-event";
export interface MemberEventDetail {
  kind: string;
  data: Record<string, number>;
}

/**
 * Keeps a logged-in member's pages current: the live event stream reloads the page's data when
 * something happens for the member, in every open tab. While no stream is open (a proxy that
 * cuts it, an old browser) the page polls (docs/product/notifications.md#polling): first after 5 s, then every
 * 60 s, or 300 s with push notifications on.
 */
export function LiveUpdates({ since }: { since: number }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  // Only the first page's id counts: the open stream then keeps its own place.
  const startAfter = useRef(since);

  useEffect(() => {
    let streamOpen = false;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(() => revalidate.current(), RELOAD_DEBOUNCE_MS);
    };
    const source = typeof EventSource === "undefined" ? null : new EventSource(`/api/events?since=${startAfter.current}`);
    if (source) {
      source.onopen = () => {
        streamOpen = true;
      };
      source.onerror = () => {
        streamOpen = false;
      };
      const announce = (event: Event) => {
        const message = event as MessageEvent<string>;
        window.dispatchEvent(new CustomEvent<MemberEventDetail>(MEMBER_EVENT, { detail: { kind: message.type, data: parseData(message.data) } }));
      };
      for (const kind of MEMBER_EVENT_KINDS) source.addEventListener(kind, announce);
      for (const kind of [...RELOADING_KINDS, RESYNC_EVENT]) source.addEventListener(kind, reload);
    }

    // A pushed notification (sw-push.js) reloads too, stream or not.
    const onWorkerMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === "pushed") reload();
    };
    navigator.serviceWorker?.addEventListener("message", onWorkerMessage);

    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = (delay: number) => {
      pollTimer = setTimeout(async () => {
        if (!streamOpen && document.visibilityState === "visible") revalidate.current();
        if (!stopped) schedule((await pushSubscribed()) ? POLL_WITH_PUSH_MS : POLL_MS);
      }, delay);
    };
    schedule(POLL_FIRST_MS);

    return () => {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(reloadTimer);
      source?.close();
      navigator.serviceWorker?.removeEventListener("message", onWorkerMessage);
    };
  }, []);

  return null;
}

async function pushSubscribed(): Promise<boolean> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    return Boolean(await registration?.pushManager?.getSubscription());
  } catch {
    return false;
  }
}

function parseData(raw: string): Record<string, number> {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}
