import { sql } from "drizzle-orm";
import { resultRows, type Executor } from "../../../db/client.server";

/** One operator's work on one brand in a period (docs/product/staff.md#figures). */
export interface OperatorFigures {
  staff: string;
  siteId: string;
  answered: number;
  conversations: number;
  /** Milliseconds the member had waited for the answer; null when only first messages were sent. */
  medianMs: number | null;
  p95Ms: number | null;
}

/**
 * Messages answered, conversations held, and the median and 95th percentile of the time members
 * waited, per operator and brand since `from` — for one operator, or everyone (`staffId` null).
 */
/** Replies per operator and brand since `from`, on the viewer's brands only (`brands` empty: all; review N-M-3). */
export async function operatorFigures(db: Executor, input: { from: Date; staffId: number | null; brands: string[] }): Promise<OperatorFigures[]> {
  const rows = resultRows<{ staff: string; site_id: string; answered: number | string; conversations: number | string; median: number | string | null; p95: number | string | null }>(
    await db.execute(sql`
      select s.email as staff, r.site_id, count(*) as answered, count(distinct r.conversation_id) as conversations,
        percentile_cont(0.5) within group (order by r.waited_ms) as median,
        percentile_cont(0.95) within group (order by r.waited_ms) as p95
      from operator_replies r
      join staff_members s on s.id = r.staff_id
      where r.created_at >= ${input.from.toISOString()}::timestamptz ${input.staffId === null ? sql`` : sql`and r.staff_id = ${input.staffId}`}
        ${input.brands.length === 0 ? sql`` : sql`and r.site_id in (${sql.join(input.brands.map((brand) => sql`${brand}`), sql`, `)})`}
      group by s.email, r.site_id
      order by s.email, r.site_id`),
  );
  const ms = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));
  return rows.map((row) => ({ staff: row.staff, siteId: row.site_id, answered: Number(row.answered), conversations: Number(row.conversations), medianMs: ms(row.median), p95Ms: ms(row.p95) }));
}
