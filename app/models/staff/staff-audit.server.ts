import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { staffAudit, staffMembers } from "../../../db/schema";
import { csvLines } from "~/utils/csv";
import { inStaffBrands } from "./staff-scope.server";
import type { StaffMember } from "./staff-roles";

/** The actions the audit log knows (docs/product/staff.md#audit-log). */
export const AUDIT_ACTIONS = [
  "login",
  "login_failed",
  "login_alert",
  "logout",
  "claim",
  "release",
  "reply",
  "reply_refused",
  "first_message",
  "note_edit",
  "profile_create",
  "profile_edit",
  "honest_answer",
  "care_warning",
  "audit_export",
  "photo_approve",
  "photo_reject",
  "text_approve",
  "text_reject",
  "report_dismiss",
  "warn",
  "hide_photo",
  "hide_text",
  "ban",
  "unban",
  "case_answer",
  "case_status",
  "refund",
  "discount_create",
  "discount_end",
  "dd_block_add",
  "dd_block_remove",
  "brand_text_edit",
  "figures_export",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  staffId: number | null;
  action: AuditAction;
  siteId?: string | null;
  memberId?: number | null;
  conversationId?: number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Writes one entry; called in the same transaction as the action where there is one. */
export async function recordStaffAction(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(staffAudit).values({
    staffId: entry.staffId,
    action: entry.action,
    siteId: entry.siteId ?? null,
    memberId: entry.memberId ?? null,
    conversationId: entry.conversationId ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}

export interface AuditFilter {
  staffEmail?: string;
  action?: AuditAction;
  siteId?: string;
  memberId?: number;
  /** Inclusive start and exclusive end. */
  from?: Date;
  until?: Date;
}

export interface AuditRow {
  id: number;
  at: string;
  staff: string | null;
  action: string;
  siteId: string | null;
  memberId: number | null;
  conversationId: number | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}

/** Entries newest first, filtered, of the viewer's brands only (staff-scope.server.ts); `before` pages on by id. */
export async function listAudit(db: Executor, viewer: Pick<StaffMember, "brands">, filter: AuditFilter, options: { limit: number; before?: number }): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  const scope = inStaffBrands(viewer, staffAudit.siteId);
  if (scope) conditions.push(scope);
  if (filter.staffEmail) conditions.push(eq(staffMembers.email, filter.staffEmail));
  if (filter.action) conditions.push(eq(staffAudit.action, filter.action));
  if (filter.siteId) conditions.push(eq(staffAudit.siteId, filter.siteId));
  if (filter.memberId) conditions.push(eq(staffAudit.memberId, filter.memberId));
  if (filter.from) conditions.push(gte(staffAudit.createdAt, filter.from));
  if (filter.until) conditions.push(lt(staffAudit.createdAt, filter.until));
  if (options.before) conditions.push(lt(staffAudit.id, options.before));
  const rows = await db
    .select({
      id: staffAudit.id,
      at: staffAudit.createdAt,
      staff: staffMembers.email,
      action: staffAudit.action,
      siteId: staffAudit.siteId,
      memberId: staffAudit.memberId,
      conversationId: staffAudit.conversationId,
      details: staffAudit.details,
      ip: staffAudit.ip,
    })
    .from(staffAudit)
    .leftJoin(staffMembers, eq(staffMembers.id, staffAudit.staffId))
    .where(and(...conditions))
    .orderBy(desc(staffAudit.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

const CSV_COLUMNS = ["id", "at", "staff", "action", "siteId", "memberId", "conversationId", "details", "ip"] as const;

/** The entries as CSV (utils/csv.ts). */
export function auditCsv(rows: AuditRow[]): string {
  return csvLines([CSV_COLUMNS, ...rows.map((row) => CSV_COLUMNS.map((column) => row[column]))]);
}
