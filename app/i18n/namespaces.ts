/** Catalogue files in public/locales/<lng>/<ns>.json. `common` is loaded on every page. */
export const NAMESPACES = ["common", "home", "pages", "account", "mail", "profile", "settings", "members", "likes", "chat", "gifts", "payments", "directdebit", "bonus", "security", "push", "staff", "moderation", "landers", "consent"] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = "common";
