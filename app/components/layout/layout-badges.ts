import { useMatches } from "@remix-run/react";

export interface LayoutBadges {
  likes: number;
  messages: number;
}

interface AttentionData {
  likes: { newLikes: number; unreadMessages: number } | null;
}

function hasAttention(data: unknown): data is AttentionData {
  return typeof data === "object" && data !== null && "likes" in data;
}

/**
 * The badges a member's layout loaded (docs/product/notifications.md#badges-and-title): the default and the chat layout
 * both load them, and live updates reload them, so every part of a page shows the same counts.
 */
export function useLayoutBadges(): LayoutBadges {
  const layout = useMatches().find((match) => hasAttention(match.data));
  const likes = hasAttention(layout?.data) ? layout.data.likes : null;
  return { likes: likes?.newLikes ?? 0, messages: likes?.unreadMessages ?? 0 };
}
