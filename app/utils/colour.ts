/** `#f5006f` → `245 0 111`, the form Tailwind's `<alpha-value>` colours expect. */
export function hexToRgbTriplet(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `${(value >> 16) & 255} ${(value >> 8) & 255} ${value & 255}`;
}
