import { sql } from "drizzle-orm";
import { resultRows, type Executor } from "../../../db/client.server";
import { MAX_MAIL_ATTEMPTS } from "~/services/mail/retrying.server";
import type { Backlog, DeliveryChannel } from "~/services/metrics/business.server";
import { inboxCounts } from "~/models/staff/operator-inbox.server";

/*
 * What waits, read at a metrics scrape (docs/operations.md#metrics): the delivery queues, when
 * each scheduled job last succeeded, and the operator inbox per brand. A few aggregate queries
 * on indexed columns, once per scrape and process.
 */

/** Every waiting conversation, whoever may answer it: the inbox of a staff member of every brand and language. */
const EVERYONE = { id: 0, brands: [], languages: [] };

export async function backlogFigures(db: Executor, brandLanguages: Record<string, string>, now = new Date()): Promise<Backlog> {
  const at = now.toISOString();
  const queues = resultRows<{ queue: DeliveryChannel; waiting: number | string; overdue: number | string | null }>(
    await db.execute(sql`
      select 'push' as queue, count(*) as waiting, extract(epoch from ${at}::timestamptz - min(next_attempt_at) filter (where next_attempt_at <= ${at}::timestamptz)) as overdue
        from push_deliveries
      union all
      select 'mail', count(*), extract(epoch from ${at}::timestamptz - min(next_attempt_at) filter (where next_attempt_at <= ${at}::timestamptz))
        from mail_queue where attempts < ${MAX_MAIL_ATTEMPTS}
      union all
      select 'postback', count(*), extract(epoch from ${at}::timestamptz - min(next_at) filter (where next_at <= ${at}::timestamptz))
        from postback_deliveries where status = 'pending'`),
  );
  const jobs = resultRows<{ name: string; last_finished_at: Date | string | null; overdue: number | string }>(
    await db.execute(sql`select name, last_finished_at, greatest(0, extract(epoch from ${at}::timestamptz - next_run_at)) as overdue from scheduled_jobs order by name`),
  );
  const byBrand = new Map<string, { waiting: number; oldest: number }>();
  for (const count of await inboxCounts(db, EVERYONE, brandLanguages)) {
    const brand = byBrand.get(count.siteId) ?? { waiting: 0, oldest: Number.POSITIVE_INFINITY };
    brand.waiting += count.waiting;
    brand.oldest = Math.min(brand.oldest, Date.parse(count.oldestSince));
    byBrand.set(count.siteId, brand);
  }
  return {
    queues: queues.map((row) => ({ queue: row.queue, waiting: Number(row.waiting), overdueSeconds: Math.max(0, Number(row.overdue ?? 0)) })),
    jobs: jobs.map((row) => ({ job: row.name, lastSuccess: row.last_finished_at === null ? null : new Date(row.last_finished_at), overdueSeconds: Number(row.overdue) })),
    inbox: [...byBrand].map(([brand, figures]) => ({ brand, waiting: figures.waiting, oldestWaitSeconds: Math.max(0, (now.getTime() - figures.oldest) / 1000) })),
  };
}
