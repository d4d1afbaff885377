import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { electronicFormatIBAN } from "ibantools";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Database, Executor } from "../../../db/client.server";
import { bans, directDebitBlocks, directDebitRequests, members, profiles, reports, sessions } from "../../../db/schema";
import type { BanReason } from "~/domain/moderation-reasons";
import { recordStaffAction } from "~/models/staff/staff-audit.server";
import type { StaffMember } from "~/models/staff/staff-roles";
import { inStaffBrands, servesAllBrands } from "~/models/staff/staff-scope.server";
import { refreshListing } from "~/models/members/relisting.server";

export type BanKind = "email" | "phone" | "iban";

/** A value as bans store it (docs/product/moderation.md#bans), or null when it is not one of its kind. */
export function banValue(kind: BanKind, raw: string): string | null {
  const text = raw.trim();
  if (kind === "email") return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? text.toLowerCase() : null;
  if (kind === "iban") return electronicFormatIBAN(text)?.toUpperCase() || null;
  const phone = parsePhoneNumberFromString(text);
  return phone?.isValid() ? phone.number : null;
}

export interface BanInput {
  staff: StaffMember;
  ip: string | null;
  reason: BanReason;
  note?: string | null;
}

/** Whether the moderator works for this member's brand. */
function mayModerate(staff: Pick<StaffMember, "brands">, siteId: string): boolean {
  return staff.brands.length === 0 || staff.brands.includes(siteId);
}

/**
 * Switches accounts off for a ban in the caller's transaction: disabled, hidden, every session
 * ended (logged out on every device) and their open reports closed.
 */
async function disableAccounts(tx: Executor, memberIds: number[]): Promise<void> {
  if (memberIds.length === 0) return;
  await tx.update(members).set({ status: "disabled" }).where(and(inArray(members.id, memberIds), inArray(members.status, ["active", "not_confirmed"])));
  await tx.update(profiles).set({ listed: false, updatedAt: new Date() }).where(inArray(profiles.memberId, memberIds));
  await tx.delete(sessions).where(inArray(sessions.memberId, memberIds));
  await tx.update(reports).set({ status: "closed", outcome: "banned", decidedAt: new Date() }).where(and(inArray(reports.reportedId, memberIds), eq(reports.status, "open")));
}

async function addBan(tx: Executor, ban: { kind: BanKind; value: string; memberId: number | null; siteId: string | null }, input: BanInput): Promise<void> {
  await tx
    .insert(bans)
    .values({ ...ban, reason: input.reason, note: input.note?.slice(0, 1000) || null, staffId: input.staff.id })
    .onConflictDoNothing();
  // A banned phone or IBAN can no longer pay by direct debit either.
  if (ban.kind !== "email") await tx.insert(directDebitBlocks).values({ kind: ban.kind, value: ban.value, reason: `ban:${input.reason}` }).onConflictDoNothing();
}

/**
 * Bans a member (docs/product/moderation.md#bans): their e-mail address on every brand, and with
 * `withPayment` the phones and IBANs of their direct-debit mandates. Audited. False when the
 * member is not on the moderator's brands, or is fictional.
 */
export async function banMember(db: Database, input: BanInput & { memberId: number; withPayment: boolean }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: members.id, email: members.email, siteId: members.siteId, isFictional: members.isFictional })
      .from(members)
      .where(eq(members.id, input.memberId))
      .for("update");
    if (!member || member.isFictional || !mayModerate(input.staff, member.siteId)) return false;
    if (member.email) await addBan(tx, { kind: "email", value: member.email, memberId: member.id, siteId: member.siteId }, input);
    const mandates = input.withPayment
      ? await tx.selectDistinct({ iban: directDebitRequests.iban, phone: directDebitRequests.phone }).from(directDebitRequests).where(eq(directDebitRequests.memberId, member.id))
      : [];
    for (const mandate of mandates) {
      await addBan(tx, { kind: "iban", value: mandate.iban, memberId: member.id, siteId: member.siteId }, input);
      await addBan(tx, { kind: "phone", value: mandate.phone, memberId: member.id, siteId: member.siteId }, input);
    }
    await disableAccounts(tx, [member.id]);
    await recordStaffAction(tx, { staffId: input.staff.id, action: "ban", siteId: member.siteId, memberId: member.id, details: { reason: input.reason, payment: mandates.length }, ip: input.ip });
    return true;
  });
}

/**
 * Bans an address, phone number or IBAN itself, whoever uses it: the accounts with that address
 * (on the moderator's brands) or those that paid with that phone or IBAN are switched off too.
 */
export async function banByValue(db: Database, input: BanInput & { kind: BanKind; value: string }): Promise<{ ok: true; accounts: number } | { ok: false; reason: "value" | "allBrands" }> {
  // Such a ban holds on every brand: only staff of every brand set one (review N-M-3).
  if (!servesAllBrands(input.staff)) return { ok: false, reason: "allBrands" };
  const value = banValue(input.kind, input.value);
  if (!value) return { ok: false, reason: "value" };
  return db.transaction(async (tx) => {
    const holders =
      input.kind === "email"
        ? await tx.select({ id: members.id, siteId: members.siteId }).from(members).where(eq(members.email, value))
        : await tx
            .selectDistinct({ id: members.id, siteId: members.siteId })
            .from(directDebitRequests)
            .innerJoin(members, eq(members.id, directDebitRequests.memberId))
            .where(input.kind === "iban" ? eq(directDebitRequests.iban, value) : eq(directDebitRequests.phone, value));
    const affected = holders.filter((holder) => mayModerate(input.staff, holder.siteId));
    await addBan(tx, { kind: input.kind, value, memberId: affected[0]?.id ?? null, siteId: affected[0]?.siteId ?? null }, input);
    await disableAccounts(tx, affected.map((holder) => holder.id));
    await recordStaffAction(tx, { staffId: input.staff.id, action: "ban", siteId: affected[0]?.siteId ?? null, memberId: affected[0]?.id ?? null, details: { kind: input.kind, reason: input.reason, accounts: affected.length }, ip: input.ip });
    return { ok: true, accounts: affected.length };
  });
}

/**
 * Lifts a ban. A member with no other ban left is switched on and shown again; a lifted phone or
 * IBAN may pay by direct debit again unless blocked for another cause.
 */
export async function liftBan(db: Database, input: { staff: StaffMember; ip: string | null; banId: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [ban] = await tx
      .update(bans)
      .set({ liftedAt: new Date(), liftedBy: input.staff.id })
      .where(and(eq(bans.id, input.banId), isNull(bans.liftedAt), input.staff.brands.length > 0 ? inArray(bans.siteId, input.staff.brands) : undefined))
      .returning();
    if (!ban) return false;
    if (ban.kind !== "email") {
      await tx.delete(directDebitBlocks).where(and(eq(directDebitBlocks.kind, ban.kind), eq(directDebitBlocks.value, ban.value), sql`${directDebitBlocks.reason} like 'ban:%'`));
    }
    if (ban.memberId !== null) {
      const [other] = await tx.select({ id: bans.id }).from(bans).where(and(eq(bans.memberId, ban.memberId), isNull(bans.liftedAt))).limit(1);
      if (!other) {
        await tx.update(members).set({ status: "active" }).where(and(eq(members.id, ban.memberId), eq(members.status, "disabled")));
        await refreshListing(tx, ban.memberId);
      }
    }
    await recordStaffAction(tx, { staffId: input.staff.id, action: "unban", siteId: ban.siteId, memberId: ban.memberId, details: { kind: ban.kind }, ip: input.ip });
    return true;
  });
}

/** Whether an e-mail address is banned (signup refuses it on every brand). */
export async function isBannedEmail(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bans.id })
    .from(bans)
    .where(and(eq(bans.kind, "email"), eq(bans.value, email.trim().toLowerCase()), isNull(bans.liftedAt)))
    .limit(1);
  return row !== undefined;
}

/** Why a member is banned, for the ban page; null when they are not. */
export async function banReasonOf(db: Executor, memberId: number): Promise<BanReason | null> {
  const [row] = await db
    .select({ reason: bans.reason })
    .from(bans)
    .where(and(eq(bans.memberId, memberId), isNull(bans.liftedAt)))
    .orderBy(desc(bans.id))
    .limit(1);
  return (row?.reason as BanReason | undefined) ?? null;
}

export interface BanRow {
  id: number;
  kind: BanKind;
  value: string;
  memberId: number | null;
  siteId: string | null;
  reason: string;
  note: string | null;
  createdAt: string;
}

/** Active bans, newest first, optionally those whose value contains the search text. */
export async function listBans(db: Executor, staff: Pick<StaffMember, "brands">, search: string, limit = 100): Promise<BanRow[]> {
  const text = search.trim().toLowerCase();
  const rows = await db
    .select({ id: bans.id, kind: bans.kind, value: bans.value, memberId: bans.memberId, siteId: bans.siteId, reason: bans.reason, note: bans.note, createdAt: bans.createdAt })
    .from(bans)
    .where(
      and(
        isNull(bans.liftedAt),
        // A ban of no brand holds on every brand: it is for staff of every brand only (review N-M-3).
        inStaffBrands(staff, bans.siteId),
        text ? sql`lower(${bans.value}) like ${`%${text.replace(/[%_\\]/g, "\\$&")}%`}` : undefined,
      ),
    )
    .orderBy(desc(bans.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
