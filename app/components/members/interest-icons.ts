import type { Interest } from "~/domain/profile-fields";

/** An icon per interest (docs/product/profiles.md#profile-fields: each interest has an icon). Emoji: no image requests, every platform draws them. */
export const INTEREST_ICONS: Record<Interest, string> = {
  relationship: "💞",
  one_night_stand: "🌙",
  kissing: "💋",
  hugging: "🤗",
  massages: "💆",
  lingerie: "👙",
  sex_oral: "👅",
  sex_roleplay: "🎭",
  sex_toys: "🎁",
  sex_outdoors: "🌳",
  sex_bondage: "⛓️",
  gym: "🏋️",
  sports: "⚽",
  dancing: "💃",
  travelling: "✈️",
  music: "🎵",
  movies: "🎬",
  gaming: "🎮",
  politics: "🏛️",
  outdoors: "🏕️",
  gardening: "🌱",
  hiking: "🥾",
  biking: "🚴",
  reading: "📚",
  animals: "🐾",
  beach: "🏖️",
  art: "🎨",
  photography: "📷",
  theater: "🎟️",
  shopping: "🛍️",
  fashion: "👗",
  astrology: "🔮",
  cooking: "🍳",
  wine: "🍷",
  beer: "🍺",
  dining_out: "🍽️",
};

export function interestIcon(interest: string): string {
  return INTEREST_ICONS[interest as Interest] ?? "✨";
}
