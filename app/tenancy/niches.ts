/** Niche codes (docs/product/site.md#niches); each maps to a landing slug. */
export const NICHES = {
  1: "general",
  2: "she",
  3: "bdsm",
  4: "bbw",
  5: "gilf",
  6: "milf",
  7: "gay",
} as const;

export type NicheCode = keyof typeof NICHES;
export type Niche = (typeof NICHES)[NicheCode];

export function nicheSlug(code: NicheCode): Niche {
  return NICHES[code];
}
