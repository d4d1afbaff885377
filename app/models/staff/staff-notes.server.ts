import { inArray } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { staffNotes } from "../../../db/schema";
import { recordStaffAction } from "./staff-audit.server";

/** Notes are short working memory, not files: a page of text at most. */
export const NOTE_MAX_LENGTH = 4000;

/** The notes on these members (personas or members), by member id. */
export async function notesOn(db: Executor, memberIds: number[]): Promise<Map<number, { body: string; updatedAt: Date }>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db.select({ memberId: staffNotes.memberId, body: staffNotes.body, updatedAt: staffNotes.updatedAt }).from(staffNotes).where(inArray(staffNotes.memberId, memberIds));
  return new Map(rows.map((row) => [row.memberId, { body: row.body, updatedAt: row.updatedAt }]));
}

/** Saves the notes on a persona or a member, shared by every operator; the edit is in the audit log. */
export async function saveNote(db: Database, input: { memberId: number; body: string; staffId: number; siteId: string; kind: "persona" | "member"; ip: string | null }): Promise<void> {
  const body = input.body.slice(0, NOTE_MAX_LENGTH);
  await db.transaction(async (tx) => {
    await tx
      .insert(staffNotes)
      .values({ memberId: input.memberId, body, updatedBy: input.staffId })
      .onConflictDoUpdate({ target: staffNotes.memberId, set: { body, updatedBy: input.staffId, updatedAt: new Date() } });
    await recordStaffAction(tx, { staffId: input.staffId, action: "note_edit", siteId: input.siteId, memberId: input.memberId, details: { kind: input.kind, length: body.length }, ip: input.ip });
  });
}
