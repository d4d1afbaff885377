import { csvLines } from "~/utils/csv";
import type { FigureRow } from "./brand-figures.server";

export type Counts = Pick<FigureRow, "visitors" | "signups" | "confirmed" | "firstPurchases" | "purchases" | "payers" | "messages" | "activeMembers"> & { revenue: Record<string, number> };

const COUNT_KEYS = ["visitors", "signups", "confirmed", "firstPurchases", "purchases", "payers", "messages", "activeMembers"] as const;

function empty(): Counts {
  return { visitors: 0, signups: 0, confirmed: 0, firstPurchases: 0, purchases: 0, payers: 0, messages: 0, activeMembers: 0, revenue: {} };
}

function add(into: Counts, row: Counts): void {
  for (const key of COUNT_KEYS) into[key] += row[key];
  for (const [currency, cents] of Object.entries(row.revenue)) into.revenue[currency] = (into.revenue[currency] ?? 0) + cents;
}

/** One total per day of the period (days without figures are zeros), for the chart and the daily table. */
export function totalsByDay(rows: readonly FigureRow[], days: readonly string[]): Array<{ day: string } & Counts> {
  const byDay = new Map(days.map((day) => [day, empty()]));
  for (const row of rows) {
    const total = byDay.get(row.day);
    if (total) add(total, row);
  }
  return days.map((day) => ({ day, ...byDay.get(day)! }));
}

/** The sum of all rows. */
export function totalOf(rows: readonly Counts[]): Counts {
  const total = empty();
  for (const row of rows) add(total, row);
  return total;
}

export type SourceKey = Pick<FigureRow, "network" | "ref" | "sub1" | "sub2" | "sub3">;

/** One total per traffic source over the period, the most signups first. */
export function totalsBySource(rows: readonly FigureRow[]): Array<SourceKey & Counts> {
  const bySource = new Map<string, SourceKey & Counts>();
  for (const row of rows) {
    const key = JSON.stringify([row.network, row.ref, row.sub1, row.sub2, row.sub3]);
    let total = bySource.get(key);
    if (!total) bySource.set(key, (total = { network: row.network, ref: row.ref, sub1: row.sub1, sub2: row.sub2, sub3: row.sub3, ...empty() }));
    add(total, row);
  }
  return [...bySource.values()].sort((a, b) => b.signups - a.signups || b.visitors - a.visitors);
}

/**
 * Average revenue per active member (docs/product/console.md#figures), in cents per currency:
 * the revenue divided by the average number of members active per day over the days counted.
 */
export function arpu(total: Counts, dayCount: number): Record<string, number> {
  const averageActive = total.activeMembers / Math.max(1, dayCount);
  if (averageActive === 0) return {};
  return Object.fromEntries(Object.entries(total.revenue).map(([currency, cents]) => [currency, Math.round(cents / averageActive)]));
}

/** The days from `from` to `until` (YYYY-MM-DD, inclusive). */
export function dayRange(from: string, until: string): string[] {
  const days: string[] = [];
  for (let at = new Date(`${from}T00:00:00Z`); at <= new Date(`${until}T00:00:00Z`); at = new Date(at.getTime() + 86_400_000)) days.push(at.toISOString().slice(0, 10));
  return days;
}

const CSV_COLUMNS = ["day", "siteId", "network", "ref", "sub1", "sub2", "sub3", "visitors", "signups", "confirmed", "firstPurchases", "purchases", "payers", "messages", "activeMembers"] as const;

/** The stored rows as CSV (utils/csv.ts), one revenue column per currency in units (12.34). */
export function figuresCsv(rows: readonly FigureRow[]): string {
  const currencies = [...new Set(rows.flatMap((row) => Object.keys(row.revenue)))].sort();
  return csvLines([
    [...CSV_COLUMNS, ...currencies.map((currency) => `revenue_${currency}`)],
    ...rows.map((row) => [...CSV_COLUMNS.map((column) => row[column]), ...currencies.map((currency) => ((row.revenue[currency] ?? 0) / 100).toFixed(2))]),
  ]);
}
