import { and, desc, eq, like } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { directDebitBlocks } from "../../../db/schema";
import { banValue } from "~/models/moderation/bans.server";
import { recordStaffAction } from "~/models/staff/staff-audit.server";
import type { StaffMember } from "~/models/staff/staff-roles";
import { servesAllBrands } from "~/models/staff/staff-scope.server";

export type BlockKind = "iban" | "phone";

/** The IBANs and phone numbers refused for direct debit (docs/product/console.md#direct-debit-blocks), newest first. */
export async function listDirectDebitBlocks(db: Executor, search: string) {
  const text = search.replace(/\s+/g, "").toUpperCase();
  const rows = await db
    .select()
    .from(directDebitBlocks)
    .where(text ? like(directDebitBlocks.value, `%${text.replace(/[%_\\]/g, "\\$&")}%`) : undefined)
    .orderBy(desc(directDebitBlocks.createdAt))
    .limit(200);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * Blocks an IBAN or phone number; false when it is not a valid one. Audited. A block holds on
 * every brand, so only an admin of every brand sets or lifts one (review N-M-3).
 */
export async function addDirectDebitBlock(db: Database, staff: StaffMember, ip: string | null, input: { kind: BlockKind; value: string; reason: string }): Promise<boolean> {
  const value = banValue(input.kind, input.value);
  if (!value || !servesAllBrands(staff)) return false;
  await db.transaction(async (tx) => {
    await tx
      .insert(directDebitBlocks)
      .values({ kind: input.kind, value, reason: input.reason.trim().slice(0, 200) || null })
      .onConflictDoUpdate({ target: [directDebitBlocks.kind, directDebitBlocks.value], set: { reason: input.reason.trim().slice(0, 200) || null } });
    await recordStaffAction(tx, { staffId: staff.id, action: "dd_block_add", details: { kind: input.kind, value }, ip });
  });
  return true;
}

/** Lifts a block. Audited. */
export async function removeDirectDebitBlock(db: Database, staff: StaffMember, ip: string | null, input: { kind: BlockKind; value: string }): Promise<boolean> {
  if (!servesAllBrands(staff)) return false;
  return db.transaction(async (tx) => {
    const removed = await tx.delete(directDebitBlocks).where(and(eq(directDebitBlocks.kind, input.kind), eq(directDebitBlocks.value, input.value))).returning({ value: directDebitBlocks.value });
    if (removed.length === 0) return false;
    await recordStaffAction(tx, { staffId: staff.id, action: "dd_block_remove", details: input, ip });
    return true;
  });
}
