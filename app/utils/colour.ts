/** `#f5006f` → `245 0 111`, the form Tailwind's `<alpha-value>` colours expect. */
export function hexToRgbTriplet(hex: string): string {
  const [r, g, b] = rgbOf(hex);
  return `${r} ${g} ${b}`;
}

function rgbOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/** `colour` laid over `under` at `alpha` (0–1) opacity, as a browser paints Tailwind's `bg-primary/10`. */
export function mix(colour: string, under: string, alpha: number): string {
  const top = rgbOf(colour);
  const bottom = rgbOf(under);
  return hexOf([0, 1, 2].map((i) => top[i]! * alpha + bottom[i]! * (1 - alpha)) as [number, number, number]);
}

/** Relative luminance as WCAG 2.2 defines it (sRGB, 0 for black, 1 for white). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function toHsl([r, g, b]: [number, number, number]): [number, number, number] {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return [h / 6, s, l];
}

function fromHsl([h, s, l]: [number, number, number]): [number, number, number] {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

/**
 * The colour itself when it has `ratio` contrast with `against`; otherwise the nearest shade of the
 * same hue and saturation, darker (or lighter, `direction`), that has it. Null when that shade is
 * more than `maxShift` of lightness (HSL, 0–1) away: it would no longer look like the colour (a
 * yellow turned olive).
 */
export function shadeWithContrast(hex: string, against: string, ratio: number, direction: "darker" | "lighter", maxShift = 1): string | null {
  if (contrastRatio(hex, against) >= ratio) return hex.toLowerCase();
  const [h, s, l] = toHsl(rgbOf(hex));
  const step = direction === "darker" ? -0.005 : 0.005;
  for (let lightness = l + step; lightness >= 0 && lightness <= 1 && Math.abs(lightness - l) <= maxShift; lightness += step) {
    const shade = hexOf(fromHsl([h, s, lightness]));
    if (contrastRatio(shade, against) >= ratio) return shade;
  }
  return null;
}
