/** The advertising landers (docs/product/landers.md), by the last part of their path under /landers/. */
export const LANDER_KINDS = [
  "tinderswipe",
  "alonetonight",
  "collagelanding",
  "gallery",
  "iconslanding",
  "maplanding",
  "socialnetwork",
  "transitionsvideolanding",
  "video",
] as const;

export type LanderKind = (typeof LANDER_KINDS)[number];

export function isLanderKind(value: unknown): value is LanderKind {
  return typeof value === "string" && (LANDER_KINDS as readonly string[]).includes(value);
}

/** The three layouts of a member landing page (/members/{id}/landing, landing2, landing3). */
export const MEMBER_LANDING_LAYOUTS = ["landing", "landing2", "landing3"] as const;
export type MemberLandingLayout = (typeof MEMBER_LANDING_LAYOUTS)[number];
