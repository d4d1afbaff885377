/**
 * What a member's open pages are told about (server-sent event names). Client-safe: the pages
 * decide from the name what to reload.
 */
export const MEMBER_EVENT_KINDS = ["likes", "match", "message", "read", "typing", "credits", "chats", "order", "notice"] as const;
export type MemberEventKind = (typeof MEMBER_EVENT_KINDS)[number];

/** Sent instead of the missed events when a reconnecting stream missed more than can be replayed. */
export const RESYNC_EVENT = "resync";
