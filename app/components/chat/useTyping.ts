import { useEffect, useRef, useState } from "react";
import { MEMBER_EVENT, type MemberEventDetail } from "~/components/realtime/LiveUpdates";
import { apiSend } from "~/utils/api-call";

/** Typing signals are sent at most this often, and shown this long after the last one. */
const SEND_EVERY_MS = 3_000;
const SHOW_FOR_MS = 5_000;

/**
 * Typing in a conversation: `typed()` tells the other member (throttled), `otherTyping` is true
 * while their signals arrive on the live event stream.
 */
export function useTyping(conversationId: number | null) {
  const [otherTyping, setOtherTyping] = useState(false);
  const lastSent = useRef(0);

  useEffect(() => {
    if (conversationId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onEvent = (event: Event) => {
      const { kind, data } = (event as CustomEvent<MemberEventDetail>).detail;
      if (data.conversation !== conversationId) return;
      // A message from them ends their typing.
      if (kind === "message") setOtherTyping(false);
      if (kind !== "typing") return;
      setOtherTyping(true);
      clearTimeout(timer);
      timer = setTimeout(() => setOtherTyping(false), SHOW_FOR_MS);
    };
    window.addEventListener(MEMBER_EVENT, onEvent);
    return () => {
      window.removeEventListener(MEMBER_EVENT, onEvent);
      clearTimeout(timer);
    };
  }, [conversationId]);

  function typed() {
    if (conversationId === null || Date.now() - lastSent.current < SEND_EVERY_MS) return;
    lastSent.current = Date.now();
    // A typing signal is only worth sending now: not repeated.
    void apiSend("/api/typing", { method: "POST", body: new URLSearchParams({ conversation: String(conversationId) }) }, { retry: false });
  }

  return { otherTyping, typed };
}
