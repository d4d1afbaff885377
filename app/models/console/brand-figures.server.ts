import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { resultRows } from "../../../db/client.server";
import { brandDayStats, siteVisits } from "../../../db/schema";
import type { Tracking } from "~/models/accounts/tracking";
import type { Tenant } from "~/tenancy/schema";
import { dateTimeFormat } from "~/utils/intl-formats";

const DAY_MS = 86_400_000;

/** The brand's calendar day of a moment, as YYYY-MM-DD. */
export function brandDay(tenant: Pick<Tenant, "timezone">, at: Date): string {
  return dateTimeFormat("en-CA", { timeZone: tenant.timezone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The traffic source columns of a figure; "" for none. */
function source(tracking: Tracking | null) {
  return { network: tracking?.network ?? "", ref: tracking?.ref ?? "", sub1: tracking?.sub1 ?? "", sub2: tracking?.sub2 ?? "", sub3: tracking?.sub3 ?? "" };
}

/** A visitor passed the site-entry warning: counted on the brand's day and the visit's traffic source. */
export async function countSiteVisit(db: Executor, tenant: Tenant, tracking: Tracking | null, now = new Date()): Promise<void> {
  await db
    .insert(siteVisits)
    .values({ day: brandDay(tenant, now), siteId: tenant.id, ...source(tracking), visitors: 1 })
    .onConflictDoUpdate({
      target: [siteVisits.day, siteVisits.siteId, siteVisits.network, siteVisits.ref, siteVisits.sub1, siteVisits.sub2, siteVisits.sub3],
      set: { visitors: sql`${siteVisits.visitors} + 1` },
    });
}

/**
 * Recomputes the brands' figures of the last `days` days from what the product stores
 * (docs/product/console.md#figures): signups and their confirmations, paid orders (first ones,
 * revenue per currency less what was taken back, payers), messages members sent, members active,
 * and visitors — per brand day (its time zone) and traffic source (the member's tracking). Each
 * source table is read by time range only (BRIN or partial indexes), never scanned whole.
 */
export async function refreshBrandFigures(db: Database, brands: readonly Tenant[], now = new Date(), days = 3): Promise<number> {
  if (brands.length === 0) return 0;
  // As text with a cast: postgres.js sends a raw query's Date parameter as nothing it can serialise.
  const since = sql`${new Date(now.getTime() - (days + 1) * DAY_MS).toISOString()}::timestamptz`;
  const zones = JSON.stringify(brands.map((brand) => ({ site_id: brand.id, tz: brand.timezone, first_day: brandDay(brand, new Date(now.getTime() - (days - 1) * DAY_MS)) })));
  const dims = (m: string) => sql.raw(`coalesce(${m}.tracking->>'network',''), coalesce(${m}.tracking->>'ref',''), coalesce(${m}.tracking->>'sub1',''), coalesce(${m}.tracking->>'sub2',''), coalesce(${m}.tracking->>'sub3','')`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from brand_day_stats s using jsonb_to_recordset(${zones}::jsonb) as b(site_id text, tz text, first_day date)
      where s.site_id = b.site_id and s.day >= b.first_day`);
    const inserted = await tx.execute(sql`
      with b as (select * from jsonb_to_recordset(${zones}::jsonb) as b(site_id text, tz text, first_day date)),
      facts as (
        select v.day, v.site_id, v.network, v.ref, v.sub1, v.sub2, v.sub3, v.visitors, 0 as signups, 0 as confirmed, 0 as first_purchases, 0 as purchases, 0 as payers, 0 as messages, 0 as active_members
          from site_visits v join b on b.site_id = v.site_id where v.day >= b.first_day
        union all
        select (m.created_at at time zone b.tz)::date, m.site_id, ${dims("m")}, 0, 1, (m.status <> 'not_confirmed')::int, 0, 0, 0, 0, 0
          from members m join b on b.site_id = m.site_id
          where m.created_at >= ${since} and not m.is_fictional and m.seed_ref is null and (m.created_at at time zone b.tz)::date >= b.first_day
        union all
        select day, site_id, network, ref, sub1, sub2, sub3, 0, 0, 0, sum(first)::int, count(*)::int, count(distinct member_id)::int, 0, 0
          from (
            select (o.paid_at at time zone b.tz)::date as day, o.site_id, ${dims("m")}, o.member_id,
              (not exists (select 1 from orders p where p.member_id = o.member_id and p.paid_at < o.paid_at))::int as first
            from orders o join b on b.site_id = o.site_id join members m on m.id = o.member_id
            where o.paid_at >= ${since} and (o.paid_at at time zone b.tz)::date >= b.first_day
          ) as paid(day, site_id, network, ref, sub1, sub2, sub3, member_id, first)
          group by 1, 2, 3, 4, 5, 6, 7
        union all
        select (x.created_at at time zone b.tz)::date, m.site_id, ${dims("m")}, 0, 0, 0, 0, 0, 0, 1, 0
          from messages x join members m on m.id = x.sender_id and not m.is_fictional join b on b.site_id = m.site_id
          where x.created_at >= ${since} and (x.created_at at time zone b.tz)::date >= b.first_day
        union all
        select a.day, m.site_id, ${dims("m")}, 0, 0, 0, 0, 0, 0, 0, 1
          from member_active_days a join members m on m.id = a.member_id join b on b.site_id = m.site_id
          where a.day >= b.first_day
      ),
      revenue as (
        select day, site_id, network, ref, sub1, sub2, sub3, jsonb_object_agg(currency, cents) as revenue
        from (
          select (o.paid_at at time zone b.tz)::date as day, o.site_id, ${dims("m")}, o.currency, sum(o.amount_cents - o.reversed_cents)::int as cents
          from orders o join b on b.site_id = o.site_id join members m on m.id = o.member_id
          where o.paid_at >= ${since} and (o.paid_at at time zone b.tz)::date >= b.first_day
          group by 1, 2, 3, 4, 5, 6, 7, 8
        ) as per_currency(day, site_id, network, ref, sub1, sub2, sub3, currency, cents)
        group by 1, 2, 3, 4, 5, 6, 7
      )
      insert into brand_day_stats (day, site_id, network, ref, sub1, sub2, sub3, visitors, signups, confirmed, first_purchases, purchases, payers, messages, active_members, revenue, refreshed_at)
      select f.day, f.site_id, f.network, f.ref, f.sub1, f.sub2, f.sub3, sum(f.visitors), sum(f.signups), sum(f.confirmed), sum(f.first_purchases), sum(f.purchases), sum(f.payers), sum(f.messages), sum(f.active_members),
        coalesce(max(r.revenue::text)::jsonb, '{}'::jsonb), now()
      from facts as f(day, site_id, network, ref, sub1, sub2, sub3, visitors, signups, confirmed, first_purchases, purchases, payers, messages, active_members)
      left join revenue r using (day, site_id, network, ref, sub1, sub2, sub3)
      group by 1, 2, 3, 4, 5, 6, 7
      returning 1`);
    return resultRows(inserted).length;
  });
}

export interface FigureRow {
  day: string;
  siteId: string;
  network: string;
  ref: string;
  sub1: string;
  sub2: string;
  sub3: string;
  visitors: number;
  signups: number;
  confirmed: number;
  firstPurchases: number;
  purchases: number;
  payers: number;
  revenue: Record<string, number>;
  messages: number;
  activeMembers: number;
}

/** The stored figures of a brand between two days (inclusive), optionally of one network. */
export async function brandFigures(db: Executor, input: { siteId: string; from: string; until: string; network?: string }): Promise<FigureRow[]> {
  return db
    .select({
      day: brandDayStats.day,
      siteId: brandDayStats.siteId,
      network: brandDayStats.network,
      ref: brandDayStats.ref,
      sub1: brandDayStats.sub1,
      sub2: brandDayStats.sub2,
      sub3: brandDayStats.sub3,
      visitors: brandDayStats.visitors,
      signups: brandDayStats.signups,
      confirmed: brandDayStats.confirmed,
      firstPurchases: brandDayStats.firstPurchases,
      purchases: brandDayStats.purchases,
      payers: brandDayStats.payers,
      revenue: brandDayStats.revenue,
      messages: brandDayStats.messages,
      activeMembers: brandDayStats.activeMembers,
    })
    .from(brandDayStats)
    .where(and(eq(brandDayStats.siteId, input.siteId), gte(brandDayStats.day, input.from), lte(brandDayStats.day, input.until), input.network !== undefined ? eq(brandDayStats.network, input.network) : undefined))
    .orderBy(asc(brandDayStats.day), asc(brandDayStats.network), asc(brandDayStats.ref));
}
