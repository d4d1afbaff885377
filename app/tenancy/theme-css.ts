import { hexToRgbTriplet } from "~/utils/colour";
import type { TenantTheme } from "./schema";
import { readableColours } from "./readable-theme";

const VARIABLES: Array<[keyof TenantTheme, string]> = [
  ["primary", "primary"],
  ["secondary", "secondary"],
  ["success", "success"],
  ["danger", "danger"],
  ["warning", "warning"],
  ["info", "info"],
  ["unread_messages", "unread-messages"],
];

/** Per theme object: a brand's theme is loaded once, and every page asks for its rule. */
const rules = new WeakMap<TenantTheme, string>();

/** The `:root` rule that gives Tailwind's brand colours this brand's values, in shades that read at WCAG AA. */
export function themeCss(theme: TenantTheme): string {
  let rule = rules.get(theme);
  if (rule === undefined) {
    const readable = readableColours(theme).theme;
    rule = `:root{${VARIABLES.map(([key, name]) => `--color-${name}: ${hexToRgbTriplet(readable[key])};`).join("")}}`;
    rules.set(theme, rule);
  }
  return rule;
}
