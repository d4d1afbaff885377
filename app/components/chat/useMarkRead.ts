import { useEffect, useRef } from "react";
import { apiSend } from "~/utils/api-call";

/**
 * Marks the open conversation read whenever something new from the other member is on screen and
 * the page is visible: when it loads, when a message arrives, when the tab comes to the front.
 */
export function useMarkRead(conversationId: number, newestFromOther: number | null) {
  const marked = useRef<string | null>(null);
  useEffect(() => {
    const key = `${conversationId}:${newestFromOther}`;
    const mark = () => {
      if (newestFromOther === null || document.visibilityState !== "visible" || marked.current === key) return;
      marked.current = key;
      void apiSend(`/api/conversations/${conversationId}/read`, { method: "POST" }).then((ok) => {
        if (!ok) marked.current = null;
      });
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [conversationId, newestFromOther]);
}
