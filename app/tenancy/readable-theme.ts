import { luminance, mix, shadeWithContrast } from "~/utils/colour";

/** The page background (Tailwind's gray-50; white is lighter still). */
const PAGE = "#f9fafb";
/** The grey panels and hovers brand-coloured text sits on (gray-100: the staff area, hovered buttons). */
const PANEL = "#f3f4f6";
/** The dark text (gray-900) the warning colour is a background for. */
const DARK_TEXT = "#111827";
/** WCAG 2.2 AA for normal text. */
const AA = 4.5;
/** How far (HSL lightness) a readable shade may be from the brand's colour and still be that colour. */
const MAX_SHIFT = 0.2;

type Colours = Record<"primary" | "secondary" | "success" | "danger" | "warning" | "info" | "unread_messages", string>;
type Name = keyof Colours;

/**
 * The brand tints the pages lay under brand-coloured text (Tailwind's `bg-{colour}/N` over the
 * page): alerts and notices (warning 15–20 %, info, success and danger 10 %), the chosen
 * conversation and chips (primary 10 %). A button in an alert must read there too.
 */
const TINTS: Array<[Name, number]> = [
  ["warning", 0.2],
  ["info", 0.1],
  ["success", 0.1],
  ["danger", 0.1],
  ["primary", 0.1],
];

/** Every background brand-coloured text may stand on, for these colours. */
export function textSurfaces(theme: Colours): string[] {
  return [PAGE, PANEL, ...TINTS.map(([name, alpha]) => mix(theme[name], PAGE, alpha))];
}

function darkest(colours: string[]): string {
  return colours.reduce((dark, colour) => (luminance(colour) < luminance(dark) ? colour : dark));
}

/**
 * How each brand colour is used: as text on the page, on grey panels and on the brand's light tints,
 * and as the background of white text (all but warning); or as the background of dark text
 * (warning). Each gets the shade nearest to the brand's that reads at 4.5:1 wherever it is used
 * (docs/product/site.md#theme).
 */
const TEXT_COLOURS: Name[] = ["primary", "secondary", "success", "danger", "info", "unread_messages"];

/** The brand's colours made readable, and the names of those that cannot be without becoming another colour. */
export function readableColours<T extends Colours>(theme: T): { theme: T; unreadable: Name[] } {
  const readable = { ...theme };
  const unreadable = new Set<Name>();
  const warning = shadeWithContrast(theme.warning, DARK_TEXT, AA, "lighter", MAX_SHIFT);
  if (warning) readable.warning = warning as T[Name];
  else unreadable.add("warning");
  // The tints darken as the colours do: measure against the darkest surface of the shades found so
  // far until no shade changes (two or three rounds).
  for (let round = 0; round < 5; round++) {
    const against = darkest(textSurfaces(readable));
    let changed = false;
    for (const name of TEXT_COLOURS) {
      const shade = shadeWithContrast(theme[name], against, AA, "darker", MAX_SHIFT);
      if (!shade) unreadable.add(name);
      else if (shade !== readable[name]) {
        readable[name] = shade as T[Name];
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { theme: readable, unreadable: [...unreadable] };
}
