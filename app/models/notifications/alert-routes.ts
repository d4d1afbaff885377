/**
 * Pages where an account alert would be in the way (docs/product/notifications.md#alerts). Checked in the layout
 * component against the current location, because the layout's loader does not run again on
 * every client-side navigation.
 */
const HIDDEN_ON = {
  noPhoto: /^\/(profile|signup|signup-matches|complete-signup|activate\/done|premium|notifications|directdebit|settings)(\/|$)/,
  notificationsDisabled: /^\/(notifications|settings)(\/|$)/,
  // Where push is set up anyway (the settings, the signup step) or would interrupt signing up.
  push: /^\/(notifications|settings|signup|signup-matches|complete-signup)(\/|$)/,
  // The discount banners point to the purchase pages, which show the discount themselves; the
  // signup steps are no place to sell.
  bonusBanner: /^\/(credits|transactions|directdebit|signup|signup-matches|complete-signup)(\/|$)/,
} as const;

export function alertHiddenOn(alert: keyof typeof HIDDEN_ON, pathname: string): boolean {
  return HIDDEN_ON[alert].test(pathname);
}

/**
 * The members area (docs/product/payments.md#time-bonus), where the time-bonus popup opens 40 s after entering:
 * members, a member's profile, chats, one chat, likes, a likes tab, a profile from likes, premium.
 */
const MEMBERS_AREA = /^\/(?:members(?:\/\d+)?|chats(?:\/\d+)?|likes(?:\/m\/\d+|\/[^/]+)?|premium)\/?$/;

export function inMembersArea(pathname: string): boolean {
  return MEMBERS_AREA.test(pathname);
}
