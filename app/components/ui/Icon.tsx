import type { LucideIcon } from "lucide-react/types";

/**
 * A pictogram drawn inline as SVG (docs/decisions/041-inline-svg-icons.md), never a font glyph:
 * a system without an emoji font shows an emoji as an empty box. One em square on the text's
 * baseline, in the text's colour, so it sits where a character would. Decorative: the text beside
 * it (visible or sr-only) or its control's label names it.
 */
export function Icon({ icon: Svg, className = "" }: { icon: LucideIcon; className?: string }) {
  return <Svg aria-hidden="true" focusable="false" size="1em" className={`inline-block shrink-0 align-[-0.125em] ${className}`} />;
}
