import sharp from "sharp";

/** The app icons a brand has (docs/product/site.md#installed-app), by the name in their URL. */
export const BRAND_ICONS = {
  "192.png": { size: 192, maskable: false },
  "512.png": { size: 512, maskable: false },
  "maskable-512.png": { size: 512, maskable: true },
  "apple-touch-icon.png": { size: 180, maskable: true },
} as const;
export type BrandIconName = keyof typeof BRAND_ICONS;

export function isBrandIconName(value: string | undefined): value is BrandIconName {
  return value !== undefined && Object.hasOwn(BRAND_ICONS, value);
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A brand's app icon as PNG: its logo mark in white on its colours. A maskable icon (and the
 * apple-touch icon, which iOS rounds itself) fills the square and keeps the mark inside the
 * middle 80 %, the part every platform's mask leaves; the plain one is a rounded tile.
 */
export function renderBrandIcon(theme: { primary: string; secondary: string; logo_mark: string }, name: BrandIconName): Promise<Buffer> {
  const { size, maskable } = BRAND_ICONS[name];
  const radius = maskable ? 0 : Math.round(size * 0.22);
  const fontSize = Math.round(size * (maskable ? 0.42 : 0.56));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.primary}"/><stop offset="1" stop-color="${theme.secondary}"/></linearGradient></defs>
  <rect width="${size}" height="${size}" rx="${radius}" fill="url(#g)"/>
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Noto Sans Symbols, sans-serif" font-size="${fontSize}" fill="#ffffff">${escapeXml(theme.logo_mark)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
