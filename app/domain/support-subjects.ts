/** What a complaint or question is about (docs/product/support.md#the-form); `payment` asks for the order. */
export const SUPPORT_SUBJECTS = ["payment", "account", "profile", "member", "technical", "other"] as const;
export type SupportSubject = (typeof SUPPORT_SUBJECTS)[number];

export const CASE_STATUSES = ["open", "waiting", "closed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
