import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { brandDay, brandFigures } from "~/models/console/brand-figures.server";
import { figuresCsv } from "~/models/console/figure-totals";
import { consoleBrands } from "~/models/console/pages/console-brand.server";
import { recordStaffAction } from "~/models/staff/staff-audit.server";
import { requireStaff } from "~/web/require-staff.server";

const DAY_MS = 86_400_000;

/** The console's figures of a brand and period as CSV, one row per day and traffic source (audited). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "admin");
  const url = new URL(request.url);
  const { brand } = consoleBrands(staff, url);
  const days = Math.min(366, Math.max(1, Number(url.searchParams.get("days")) || 7));
  const network = url.searchParams.get("network") ?? undefined;
  const from = brandDay(brand, new Date(Date.now() - (days - 1) * DAY_MS));
  const until = brandDay(brand, new Date());
  const rows = await brandFigures(db(), { siteId: brand.id, from, until, network });
  await recordStaffAction(db(), { staffId: staff.id, action: "figures_export", siteId: brand.id, details: { from, until, network: network ?? null, rows: rows.length }, ip: context.clientIp });
  return new Response(figuresCsv(rows), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="figures-${brand.id}-${from}-${until}.csv"` },
  });
}
