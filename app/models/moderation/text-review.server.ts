import { and, eq } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { profiles, profileTextReviews } from "../../../db/schema";
import { plainWords } from "~/utils/plain-words";

export type ReviewedField = "name" | "about";

/** The brand's listed words found in a text, as the brand wrote them. */
export function heldWordsIn(text: string, listed: readonly string[]): string[] {
  const words = plainWords(text);
  return listed.filter((word) => {
    const plain = plainWords(word);
    return plain.trim() !== "" && words.includes(plain);
  });
}

/**
 * Saves a changed name or "about me" for review (docs/product/moderation.md#profile-texts): a text
 * with a word the brand lists is held (the profile keeps showing the old one); any other change
 * shows at once and waits for a moderator, who can put the previous text back. Returns whether
 * the text was held. Call it in the transaction that saves the rest of the form.
 */
export async function saveReviewedText(
  tx: Executor,
  input: { memberId: number; siteId: string; field: ReviewedField; text: string | null; heldWords: readonly string[] },
): Promise<{ held: boolean }> {
  const column = input.field === "name" ? profiles.name : profiles.about;
  const [profile] = await tx.select({ current: column }).from(profiles).where(eq(profiles.memberId, input.memberId)).for("update");
  if (!profile) return { held: false };
  const [waiting] = await tx
    .select({ id: profileTextReviews.id, previous: profileTextReviews.previous, heldWords: profileTextReviews.heldWords })
    .from(profileTextReviews)
    .where(and(eq(profileTextReviews.memberId, input.memberId), eq(profileTextReviews.field, input.field), eq(profileTextReviews.status, "pending")));
  // The text the profile would fall back to: what a moderator last let through (or never saw changed).
  const approved = waiting && waiting.heldWords.length === 0 ? waiting.previous : profile.current;
  const text = input.text?.trim() || null;
  if (text === approved || text === null) {
    // Back to the approved text, or "about me" emptied: nothing left to review.
    if (waiting) await tx.delete(profileTextReviews).where(eq(profileTextReviews.id, waiting.id));
    await tx.update(profiles).set({ [input.field]: text ?? (input.field === "name" ? approved : null), updatedAt: new Date() }).where(eq(profiles.memberId, input.memberId));
    return { held: false };
  }
  const heldWords = heldWordsIn(text, input.heldWords);
  const review = { text, previous: approved, heldWords, createdAt: new Date() };
  if (waiting) await tx.update(profileTextReviews).set(review).where(eq(profileTextReviews.id, waiting.id));
  else await tx.insert(profileTextReviews).values({ memberId: input.memberId, siteId: input.siteId, field: input.field, ...review });
  await tx
    .update(profiles)
    .set({ [input.field]: heldWords.length > 0 ? approved : text, updatedAt: new Date() })
    .where(eq(profiles.memberId, input.memberId));
  return { held: heldWords.length > 0 };
}

/** A changed text waiting for this member, by field (the edit form shows the held one as "being checked"). */
export async function waitingTexts(db: Executor, memberId: number): Promise<Partial<Record<ReviewedField, { text: string; held: boolean }>>> {
  const rows = await db
    .select({ field: profileTextReviews.field, text: profileTextReviews.text, heldWords: profileTextReviews.heldWords })
    .from(profileTextReviews)
    .where(and(eq(profileTextReviews.memberId, memberId), eq(profileTextReviews.status, "pending")));
  return Object.fromEntries(rows.map((row) => [row.field, { text: row.text, held: row.heldWords.length > 0 }]));
}
