/** The tabs of /likes (docs/product/likes.md#likes-tabs): likes received, given, and matches. */
export const LIKES_TABS = ["received", "given", "matches"] as const;
export type LikesTab = (typeof LIKES_TABS)[number];
