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
 * The account prompts in the order they matter (docs/product/notifications.md#one-prompt-at-a-time): a member who
 * cannot write yet first, then mails that stopped, the discount while it runs, a photo, the
 * welcome discount, push. Only the first one due shows on a page.
 */
export const PROMPT_PRIORITY = ["unconfirmed", "notificationsDisabled", "timeBonus", "noPhoto", "welcome", "push"] as const;
export type PromptName = (typeof PROMPT_PRIORITY)[number];

const PROMPT_HIDDEN_BY: Partial<Record<PromptName, keyof typeof HIDDEN_ON>> = {
  notificationsDisabled: "notificationsDisabled",
  timeBonus: "bonusBanner",
  noPhoto: "noPhoto",
  welcome: "bonusBanner",
  push: "push",
};

/** The one prompt this page shows: the first due that is not in the way here, or none. */
export function nextPrompt(due: Partial<Record<PromptName, boolean>>, pathname: string): PromptName | null {
  for (const prompt of PROMPT_PRIORITY) {
    const hiddenBy = PROMPT_HIDDEN_BY[prompt];
    if (due[prompt] && !(hiddenBy && alertHiddenOn(hiddenBy, pathname))) return prompt;
  }
  return null;
}

/**
 * The members area (docs/product/payments.md#time-bonus), where the time-bonus popup opens 40 s after entering:
 * members, a member's profile, chats, one chat, likes, a likes tab, a profile from likes, premium.
 */
const MEMBERS_AREA = /^\/(?:members(?:\/\d+)?|chats(?:\/\d+)?|likes(?:\/m\/\d+|\/[^/]+)?|premium)\/?$/;

export function inMembersArea(pathname: string): boolean {
  return MEMBERS_AREA.test(pathname);
}
