/** The logged-in member as every loader and action gets it (from the session lookup). */
export interface CurrentMember {
  id: number;
  siteId: string;
  email: string;
  status: "not_confirmed" | "active";
  language: string | null;
  credits: number;
  /** Messages still free of charge (chat). */
  freeMessages: number;
  paidUser: boolean;
  invisible: boolean;
  notificationsDisabled: string[];
  /** When each account prompt was put away (docs/product/notifications.md#alerts). */
  promptsSnoozed: Record<string, number>;
  /** The conversation the member opened last (docs/product/chat.md#conversations). */
  lastChatId: number | null;
  createdAt: Date;
  name: string;
  thumbKey: string | null;
}

/**
 * The statuses that may be logged in, checked by the session lookup and the login alone (the one
 * member guard): disabled, deleting and deleted accounts never reach a capability.
 */
export function mayBeLoggedIn(status: string): status is CurrentMember["status"] {
  return status === "active" || status === "not_confirmed";
}
