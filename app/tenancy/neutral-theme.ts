import type { TenantTheme } from "./schema";

/** The colours of a page without a brand (an unknown host's error page). */
export const NEUTRAL_THEME: TenantTheme = {
  primary: "#4b5563",
  secondary: "#1f2937",
  success: "#32ad2b",
  danger: "#dc3545",
  warning: "#ffc107",
  info: "#17a2b8",
  unread_messages: "#32ad2b",
  logo_mark: "",
};

/**
 * `themeCss(NEUTRAL_THEME)`, written out: the root component needs it when there is no root data,
 * and computing it there would ship the colour arithmetic in every page's script
 * (bench/js-budget.ts). neutral-theme.test.ts keeps the two equal.
 */
export const NEUTRAL_THEME_CSS =
  ":root{--color-primary: 75 85 99;--color-secondary: 31 41 55;--color-success: 35 120 30;--color-danger: 202 35 51;--color-warning: 255 193 7;--color-info: 16 114 130;--color-unread-messages: 35 120 30;}";
