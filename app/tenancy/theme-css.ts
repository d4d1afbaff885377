import { hexToRgbTriplet } from "~/utils/colour";
import type { TenantTheme } from "./schema";

const VARIABLES: Array<[keyof TenantTheme, string]> = [
  ["primary", "primary"],
  ["secondary", "secondary"],
  ["success", "success"],
  ["danger", "danger"],
  ["warning", "warning"],
  ["info", "info"],
  ["unread_messages", "unread-messages"],
];

/** The `:root` rule that gives Tailwind's brand colours this brand's values. */
export function themeCss(theme: TenantTheme): string {
  const lines = VARIABLES.map(([key, name]) => `--color-${name}: ${hexToRgbTriplet(theme[key])};`);
  return `:root{${lines.join("")}}`;
}
