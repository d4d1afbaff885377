/**
 * The gift catalogue (docs/product/chat.md#gifts). Each gift has an image in
 * public/gifts/<id>.svg and a name in every language (catalogue namespace `gifts`, key = id);
 * a brand offers all of them or the ones its tenant file lists under settings.gifts.
 */
export const GIFT_IDS = ["rose", "heart", "kiss", "chocolate", "champagne", "teddy", "cocktail", "flowers", "diamond", "cupcake", "star", "ring"] as const;
export type GiftId = (typeof GIFT_IDS)[number];

export function isGiftId(value: unknown): value is GiftId {
  return typeof value === "string" && (GIFT_IDS as readonly string[]).includes(value);
}

/** Versioned with the file name: gift images never change in place. */
export function giftImageUrl(id: GiftId): string {
  return `/gifts/${id}.svg`;
}
