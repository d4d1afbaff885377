import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { auditCsv, listAudit, recordStaffAction } from "~/models/staff/staff-audit.server";
import { auditFilter, EXPORT_LIMIT } from "~/models/staff/pages/audit-page.server";
import { requireStaff } from "~/web/require-staff.server";

/** The filtered audit log as a file for an auditor: CSV (spreadsheets) or JSON. The export itself is logged. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const url = new URL(request.url);
  const format = url.searchParams.get("format") === "json" ? "json" : "csv";
  const { filter, values } = auditFilter(url);
  const rows = await listAudit(db(), staff, filter, { limit: EXPORT_LIMIT });
  await recordStaffAction(db(), { staffId: staff.id, action: "audit_export", details: { format, filter: values, rows: rows.length }, ip: context.clientIp });
  const stamp = new Date().toISOString().slice(0, 10);
  const body = format === "json" ? JSON.stringify(rows, null, 1) : auditCsv(rows);
  return new Response(body, {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-${stamp}.${format}"`,
    },
  });
}
