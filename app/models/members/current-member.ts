/** The logged-in member as every loader and action gets it (from the session lookup). */
export interface CurrentMember {
  id: number;
  siteId: string;
  email: string;
  status: "not_confirmed" | "active" | "disabled";
  language: string | null;
  credits: number;
  /** Messages still free of charge (chat). */
  freeMessages: number;
  paidUser: boolean;
  invisible: boolean;
  notificationsDisabled: string[];
  createdAt: Date;
  name: string;
  thumbKey: string | null;
}
