import { db } from "~/db.server";
import { AUDIT_ACTIONS, listAudit, type AuditAction, type AuditFilter } from "../staff-audit.server";
import type { StaffMember } from "../staff-roles";

/** Rows an export holds at most: a year of a busy team's actions fits; narrow the filter for more. */
export const EXPORT_LIMIT = 100_000;
const PAGE = 100;

const day = (value: string | null): Date | undefined => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? new Date(`${value}T00:00:00Z`) : undefined);

/**
 * The audit filter from the page's query (docs/product/staff.md#audit-log): action, brand, staff
 * e-mail, member id, and the days from and until (inclusive, UTC). Anything unreadable is ignored.
 */
export function auditFilter(url: URL): { filter: AuditFilter; values: Record<string, string> } {
  const get = (name: string) => url.searchParams.get(name)?.trim().slice(0, 200) || null;
  const action = get("action");
  const member = Number(get("member"));
  const until = day(get("until"));
  const filter: AuditFilter = {
    action: action && (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : undefined,
    siteId: get("brand") ?? undefined,
    staffEmail: get("staff")?.toLowerCase() ?? undefined,
    memberId: Number.isSafeInteger(member) && member > 0 ? member : undefined,
    from: day(get("from")),
    until: until ? new Date(until.getTime() + 86_400_000) : undefined,
  };
  const values = Object.fromEntries(["action", "brand", "staff", "member", "from", "until"].map((name) => [name, get(name) ?? ""]));
  return { filter, values };
}

/** One page of the log, newest first; `before` (an entry id) pages on. */
export async function auditPage(url: URL, viewer: Pick<StaffMember, "brands">) {
  const { filter, values } = auditFilter(url);
  const before = Number(url.searchParams.get("before"));
  const rows = await listAudit(db(), viewer, filter, { limit: PAGE + 1, before: Number.isSafeInteger(before) && before > 0 ? before : undefined });
  return { rows: rows.slice(0, PAGE), olderBefore: rows.length > PAGE ? rows[PAGE - 1]!.id : null, values, actions: AUDIT_ACTIONS };
}
