/**
 * Pages where an account alert would be in the way (spec section 4). Checked in the layout
 * component against the current location, because the layout's loader does not run again on
 * every client-side navigation.
 */
const HIDDEN_ON = {
  noPhoto: /^\/(profile|signup|complete-signup|activate\/done|premium|notifications|directdebit|settings)(\/|$)/,
  notificationsDisabled: /^\/(notifications|settings)(\/|$)/,
} as const;

export function alertHiddenOn(alert: keyof typeof HIDDEN_ON, pathname: string): boolean {
  return HIDDEN_ON[alert].test(pathname);
}
