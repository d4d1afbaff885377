import { and, desc, eq, exists, inArray, notExists, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { blocks, members, photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import { removeConversationBetween } from "~/models/chat/conversations.server";
import { removeLikesBetween } from "~/models/likes/likes.server";
import { approvedMainPhoto } from "~/models/members/member-cards.server";

/**
 * Blocks a member of the same pool (docs/product/safety.md#blocks). From then on neither sees the other in
 * search, the blocked member gets a 404 for the blocker's profile and cannot contact them.
 * Returns false, exactly as for an unknown id, when the member is not one the blocker may see:
 * another pool, oneself, a hidden account, or someone who blocked the blocker — so blocking
 * cannot be used to find out who exists.
 */
export async function blockMember(db: Database, input: { blockerId: number; blockedId: number; pool: string }, storage?: Storage): Promise<boolean> {
  if (input.blockerId === input.blockedId) return false;
  const outcome = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: profiles.memberId })
      .from(profiles)
      .where(
        and(
          eq(profiles.memberId, input.blockedId),
          eq(profiles.pool, input.pool),
          or(
            // Someone already blocked may be blocked again (a repeated click), whatever they did since.
            exists(tx.select({ one: sql`1` }).from(blocks).where(and(eq(blocks.blockerId, input.blockerId), eq(blocks.blockedId, input.blockedId)))),
            and(
              eq(profiles.listed, true),
              notExists(tx.select({ one: sql`1` }).from(blocks).where(and(eq(blocks.blockerId, input.blockedId), eq(blocks.blockedId, input.blockerId)))),
            ),
          ),
        ),
      );
    if (!target) return null;
    await tx.insert(blocks).values({ blockerId: input.blockerId, blockedId: input.blockedId }).onConflictDoNothing();
    await removeLikesBetween(tx, input.blockerId, input.blockedId);
    return removeConversationBetween(tx, input.blockerId, input.blockedId);
  });
  if (outcome === null) return false;
  // The conversation's photos go once it is gone; a file left behind is harmless (random name, nothing points to it).
  for (const key of outcome) await storage?.remove(key).catch(() => undefined);
  return true;
}

export async function unblockMember(db: Database, input: { blockerId: number; blockedId: number }): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, input.blockerId), eq(blocks.blockedId, input.blockedId)));
}

export interface BlockedMember {
  id: number;
  name: string;
  thumbUrl: string | null;
  blockedAt: Date;
}

/** The members someone blocked, most recent first, for the list in settings; accounts since deleted drop out. */
export async function blockedMembers(db: Database, storage: Storage, blockerId: number): Promise<BlockedMember[]> {
  const rows = await db
    .select({ id: blocks.blockedId, name: profiles.name, thumbKey: photos.thumbKey, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.memberId, blocks.blockedId))
    .innerJoin(members, eq(members.id, blocks.blockedId))
    .leftJoin(photos, approvedMainPhoto)
    .where(and(eq(blocks.blockerId, blockerId), inArray(members.status, ["active", "not_confirmed", "disabled"])))
    .orderBy(desc(blocks.createdAt));
  return rows.map((row) => ({ id: row.id, name: row.name, thumbUrl: row.thumbKey ? storage.publicUrl(row.thumbKey) : null, blockedAt: row.blockedAt }));
}
