/** The tabs of /likes (spec section 2): likes received, given, and matches. */
export const LIKES_TABS = ["received", "given", "matches"] as const;
export type LikesTab = (typeof LIKES_TABS)[number];
