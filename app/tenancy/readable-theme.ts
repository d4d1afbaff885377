import { shadeWithContrast } from "~/utils/colour";

/** The page background the brand colours are read on (Tailwind's gray-50; white is lighter still). */
const PAGE = "#f9fafb";
/** The dark text (gray-900) the warning colour is a background for. */
const DARK_TEXT = "#111827";
/** WCAG 2.2 AA for normal text. */
const AA = 4.5;
/** How far (HSL lightness) a readable shade may be from the brand's colour and still be that colour. */
const MAX_SHIFT = 0.2;

type Colours = Record<"primary" | "secondary" | "success" | "danger" | "warning" | "info" | "unread_messages", string>;

/**
 * How each brand colour is used: as text on the page and as the background of white text (all but
 * warning), or as the background of dark text (warning). Each gets the shade nearest to the brand's
 * that reads at 4.5:1 there (docs/product/site.md#theme).
 */
const ROLES: Record<keyof Colours, { against: string; direction: "darker" | "lighter" }> = {
  primary: { against: PAGE, direction: "darker" },
  secondary: { against: PAGE, direction: "darker" },
  success: { against: PAGE, direction: "darker" },
  danger: { against: PAGE, direction: "darker" },
  info: { against: PAGE, direction: "darker" },
  unread_messages: { against: PAGE, direction: "darker" },
  warning: { against: DARK_TEXT, direction: "lighter" },
};

/** The brand's colours made readable, and the names of those that cannot be without becoming another colour. */
export function readableColours<T extends Colours>(theme: T): { theme: T; unreadable: Array<keyof Colours> } {
  const readable = { ...theme };
  const unreadable: Array<keyof Colours> = [];
  for (const [name, role] of Object.entries(ROLES) as Array<[keyof Colours, (typeof ROLES)[keyof Colours]]>) {
    const shade = shadeWithContrast(theme[name], role.against, AA, role.direction, MAX_SHIFT);
    if (shade) readable[name] = shade as T[keyof Colours];
    else unreadable.push(name);
  }
  return { theme: readable, unreadable };
}
