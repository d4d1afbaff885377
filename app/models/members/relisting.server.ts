import { eq } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { members, profiles } from "../../../db/schema";
import { isListed } from "./listing";

/**
 * Sets a member's `profiles.listed` from their status and invisibility, after a change of status
 * (confirming the address, a lifted ban), in the same transaction as that change.
 */
export async function refreshListing(tx: Executor, memberId: number): Promise<void> {
  const [member] = await tx.select({ status: members.status, invisible: members.invisible }).from(members).where(eq(members.id, memberId));
  if (!member) return;
  await tx.update(profiles).set({ listed: isListed(member.status, member.invisible), updatedAt: new Date() }).where(eq(profiles.memberId, memberId));
}
