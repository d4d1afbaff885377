import { and, eq, gt, sql } from "drizzle-orm";
import { resultRows, type Executor } from "../../../db/client.server";
import { memberCare, profiles } from "../../../db/schema";
import type { Tenant } from "~/tenancy/schema";
import { ageOn } from "~/utils/age";
import { speaksOfDistress } from "./care-words";
import { dateTimeFormat } from "~/utils/intl-formats";

/*
 * Protection of members who may be vulnerable (docs/product/staff.md#vulnerable-members): limits
 * on what a member spends and writes to fictional profiles, signals that mark a member
 * vulnerable, and the cool-down that then pauses purchases.
 */

export type CareSignal = "words" | "night" | "spend" | "rise" | "age" | "daily_limit" | "monthly_limit" | "fictional_messages";

const OLD_AGE = 70;
/** Night, in the brand's time: from midnight until this hour. */
const NIGHT_END_HOUR = 5;

export interface Spending {
  today: number;
  month: number;
  lastWeek: number;
  fourWeeksBefore: number;
}

/** Credits spent (not bought) today, this month, in the last 7 days and the 28 days before, in the brand's calendar. */
export async function spending(db: Executor, memberId: number, timezone: string): Promise<Spending> {
  const [row] = resultRows<{ today: string | number | null; month: string | number | null; last_week: string | number | null; before: string | number | null }>(
    await db.execute(sql`
      select
        sum(-delta) filter (where created_at >= date_trunc('day', now() at time zone ${timezone}) at time zone ${timezone}) as today,
        sum(-delta) filter (where created_at >= date_trunc('month', now() at time zone ${timezone}) at time zone ${timezone}) as month,
        sum(-delta) filter (where created_at >= now() - interval '7 days') as last_week,
        sum(-delta) filter (where created_at < now() - interval '7 days') as before
      from credit_ledger
      where member_id = ${memberId} and delta < 0 and reason like 'message:%' and created_at >= least(now() - interval '35 days', date_trunc('month', now() at time zone ${timezone}) at time zone ${timezone})`),
  );
  return { today: Number(row?.today ?? 0), month: Number(row?.month ?? 0), lastWeek: Number(row?.last_week ?? 0), fourWeeksBefore: Number(row?.before ?? 0) };
}

/** The brand's calendar day and hour now. */
function brandClock(timezone: string, now: Date): { day: string; hour: number } {
  const parts = dateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return { day: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}

async function careRow(db: Executor, memberId: number) {
  const [row] = await db.select().from(memberCare).where(eq(memberCare.memberId, memberId));
  return row ?? null;
}

/** Marks a member vulnerable (once; later signals are added) and starts or extends the cool-down. */
export async function markVulnerable(db: Executor, memberId: number, signals: CareSignal[], coolDownHours: number, now = new Date()): Promise<void> {
  if (signals.length === 0) return;
  const until = new Date(now.getTime() + coolDownHours * 3_600_000);
  await db
    .insert(memberCare)
    .values({ memberId, vulnerableAt: now, signals, coolDownUntil: until, updatedAt: now })
    .onConflictDoUpdate({
      target: memberCare.memberId,
      set: {
        vulnerableAt: sql`coalesce(${memberCare.vulnerableAt}, ${now.toISOString()}::timestamptz)`,
        signals: sql`(select coalesce(array_agg(distinct s), '{}') from unnest(${memberCare.signals} || excluded.signals) s)`,
        coolDownUntil: sql`greatest(coalesce(${memberCare.coolDownUntil}, excluded.cool_down_until), excluded.cool_down_until)`,
        updatedAt: now,
      },
    });
}

/**
 * Before a member's message is sent (in the send's transaction, after the member's row is locked):
 * the brand's limits on credits per day and month, the member's own monthly limit, and the daily
 * number of messages to fictional profiles. A limit reached marks the member and refuses the send.
 * The spending read for a paid message is handed back, for the signals after the send.
 */
export async function careLimitReached(
  db: Executor,
  input: { memberId: number; tenant: Tenant; cost: number; toFictional: boolean; now?: Date },
): Promise<{ reached: boolean; spent: Spending | null }> {
  const care = input.tenant.settings.care;
  const now = input.now ?? new Date();
  const row = await careRow(db, input.memberId);
  const reached: CareSignal[] = [];
  const spent = input.cost > 0 ? await spending(db, input.memberId, input.tenant.timezone) : null;
  if (spent) {
    if (spent.today + input.cost > care.daily_credit_limit) reached.push("daily_limit");
    const monthly = row?.ownMonthlyLimit != null ? Math.min(care.monthly_credit_limit, row.ownMonthlyLimit) : care.monthly_credit_limit;
    if (spent.month + input.cost > monthly) reached.push("monthly_limit");
  }
  if (input.toFictional && row?.day === brandClock(input.tenant.timezone, now).day && row.dayMessages >= care.daily_fictional_messages) reached.push("fictional_messages");
  if (reached.length === 0) return { reached: false, spent };
  // The member's own limit is their choice, not a sign of vulnerability: it refuses without marking.
  const brandLimits = reached.filter((signal) => signal !== "monthly_limit" || (row?.ownMonthlyLimit ?? Infinity) >= care.monthly_credit_limit);
  await markVulnerable(db, input.memberId, brandLimits, care.cool_down_hours, now);
  return { reached: true, spent };
}

/**
 * After a member's message to a fictional profile (or any paid one) is stored: counts it, and
 * marks the member vulnerable on any signal — words of distress, many messages at night, high
 * spending today, a steep rise in spending, an age of 70 or over.
 */
export async function noteCareSignals(
  db: Executor,
  input: { memberId: number; tenant: Tenant; text: string | null; toFictional: boolean; paid: { cost: number; spentBefore: Spending } | null; now?: Date },
): Promise<CareSignal[]> {
  const care = input.tenant.settings.care;
  const now = input.now ?? new Date();
  const clock = brandClock(input.tenant.timezone, now);
  const night = clock.hour < NIGHT_END_HOUR;
  const signals: CareSignal[] = [];
  if (input.toFictional) {
    const [counted] = await db
      .insert(memberCare)
      .values({ memberId: input.memberId, day: clock.day, dayMessages: 1, nightMessages: night ? 1 : 0, updatedAt: now })
      .onConflictDoUpdate({
        target: memberCare.memberId,
        set: {
          dayMessages: sql`case when ${memberCare.day} = ${clock.day}::date then ${memberCare.dayMessages} + 1 else 1 end`,
          nightMessages: sql`case when ${memberCare.day} = ${clock.day}::date then ${memberCare.nightMessages} + ${night ? 1 : 0} else ${night ? 1 : 0} end`,
          day: clock.day,
          updatedAt: now,
        },
      })
      .returning({ nightMessages: memberCare.nightMessages });
    if ((counted?.nightMessages ?? 0) >= care.night_messages_signal) signals.push("night");
    if (input.text && speaksOfDistress(input.text)) signals.push("words");
    const [profile] = await db.select({ birthDate: profiles.birthDate }).from(profiles).where(eq(profiles.memberId, input.memberId));
    if (profile?.birthDate && ageOn(profile.birthDate, now) >= OLD_AGE) signals.push("age");
  }
  if (input.paid) {
    const { cost, spentBefore } = input.paid;
    if (spentBefore.today + cost >= care.spend_signal_credits) signals.push("spend");
    const weeklyBefore = spentBefore.fourWeeksBefore / 4;
    if (weeklyBefore > 0 && spentBefore.lastWeek + cost >= weeklyBefore * care.rise_factor) signals.push("rise");
  }
  await markVulnerable(db, input.memberId, signals, care.cool_down_hours, now);
  return signals;
}

/** Until when purchases are paused for this member, or null. */
export async function coolDownUntil(db: Executor, memberId: number, now = new Date()): Promise<Date | null> {
  const [row] = await db.select({ until: memberCare.coolDownUntil }).from(memberCare).where(and(eq(memberCare.memberId, memberId), gt(memberCare.coolDownUntil, now)));
  return row?.until ?? null;
}

/** The member's own protection settings: a monthly credit limit (null: none), and no first messages from fictional profiles. */
export async function ownProtection(db: Executor, memberId: number): Promise<{ monthlyLimit: number | null; noFirstMessages: boolean }> {
  const row = await careRow(db, memberId);
  return { monthlyLimit: row?.ownMonthlyLimit ?? null, noFirstMessages: row?.noFirstMessages ?? false };
}

/** Saves the member's own protection settings. */
export async function setOwnProtection(db: Executor, memberId: number, settings: { monthlyLimit: number | null; noFirstMessages: boolean }): Promise<void> {
  const values = { ownMonthlyLimit: settings.monthlyLimit, noFirstMessages: settings.noFirstMessages, updatedAt: new Date() };
  await db
    .insert(memberCare)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: memberCare.memberId, set: values });
}
