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

/** The `:root` rule that gives Tailwind's brand colours this brand's values, in shades that read at WCAG AA. */
export function themeCss(theme: TenantTheme): string {
  const readable = readableColours(theme).theme;
  const lines = VARIABLES.map(([key, name]) => `--color-${name}: ${hexToRgbTriplet(readable[key])};`);
  return `:root{${lines.join("")}}`;
}
