import { and, eq, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { members, profiles } from "../../../db/schema";
import type { Language } from "~/domain/languages";
import type { Tenant } from "~/tenancy/schema";
import { isUniqueViolation } from "~/utils/db-errors";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { consumeToken, issueToken, voidAccountLinks } from "./email-tokens.server";
import { loginBlockedMinutes, recordLoginFailure, takeLoginLock, type LoginTarget } from "./login-throttle.server";
import { noticeAccountLocked } from "./lock-notice.server";
import { NOTIFICATION_TYPES, type NotificationType, type SystemDisableReason } from "~/domain/notification-types";
import { endMemberSessions, startSession } from "./sessions.server";
import { sendEmailChangeMails } from "./account-mail.server";
import { isListed } from "~/models/members/listing";
import { refreshListing } from "~/models/members/relisting.server";
import { recordSecurityEvent } from "~/models/safety/security-events.server";

export interface AccountSettings {
  email: string;
  status: string;
  invisible: boolean;
  language: string | null;
  /** Types the member turned off. */
  mailOptOuts: NotificationType[];
  /** Why the system stopped notification mails; empty when it did not. */
  notificationsDisabled: string[];
}

export async function accountSettings(db: Database, memberId: number): Promise<AccountSettings> {
  const [row] = await db
    .select({
      email: members.email,
      status: members.status,
      invisible: members.invisible,
      language: members.language,
      mailOptOuts: members.mailOptOuts,
      notificationsDisabled: members.notificationsDisabled,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!row?.email) throw new Error(`member ${memberId} has no account`);
  return {
    ...row,
    email: row.email,
    mailOptOuts: row.mailOptOuts.filter((type): type is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(type)),
  };
}

/** Saves which notification types are on; every other type is off. */
export async function saveNotificationTypes(db: Database, memberId: number, enabled: NotificationType[]): Promise<void> {
  const off = NOTIFICATION_TYPES.filter((type) => !enabled.includes(type));
  await db.update(members).set({ mailOptOuts: off }).where(eq(members.id, memberId));
}

/** Lifts a stop the system put on notification mails (a complaint, a bounce, an unsubscribe). */
export async function reenableNotifications(db: Database, memberId: number): Promise<void> {
  await db.update(members).set({ notificationsDisabled: [] }).where(eq(members.id, memberId));
}

/** The system stops notification mails, e.g. after a one-click unsubscribe. */
export async function disableNotifications(db: Executor, memberId: number, siteId: string, reason: SystemDisableReason): Promise<void> {
  await db
    .update(members)
    .set({ notificationsDisabled: sql`array_append(array_remove(${members.notificationsDisabled}, ${reason}::text), ${reason}::text)` })
    .where(and(eq(members.id, memberId), eq(members.siteId, siteId)));
}

/** Invisible members are hidden from search and lists; their profile stays theirs to see. */
export async function setInvisible(db: Database, memberId: number, invisible: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx.update(members).set({ invisible }).where(eq(members.id, memberId)).returning({ status: members.status });
    if (!member) return;
    await tx.update(profiles).set({ listed: isListed(member.status, invisible), updatedAt: new Date() }).where(eq(profiles.memberId, memberId));
  });
}

export async function setMemberLanguage(db: Database, memberId: number, language: Language): Promise<void> {
  await db.update(members).set({ language }).where(eq(members.id, memberId));
}

export type PasswordCheck = { ok: true } | { ok: false; reason: "wrongPassword" } | { ok: false; reason: "blocked"; minutes: number };

/**
 * Checks the member's current password. Wrong guesses count towards the login throttle, under the
 * login's own lock (review L-4), so a borrowed session cannot be used to try passwords without
 * limit; the guess that blocks the account tells its owner.
 */
export async function checkCurrentPassword(db: Database, tenant: Tenant, memberId: number, password: string, ip: string | null): Promise<PasswordCheck> {
  const [row] = await db.select({ siteId: members.siteId, email: members.email, hash: members.passwordHash }).from(members).where(eq(members.id, memberId));
  if (!row?.email || !row.hash) return { ok: false, reason: "wrongPassword" };
  const target: LoginTarget = { siteId: row.siteId, email: row.email, ip };
  const hash = row.hash;
  const { check, locked } = await db.transaction(async (tx): Promise<{ check: PasswordCheck; locked: boolean }> => {
    await takeLoginLock(tx, target);
    const minutes = await loginBlockedMinutes(tx, target);
    if (minutes > 0) return { check: { ok: false, reason: "blocked", minutes }, locked: false };
    if (await verifyPassword(hash, password)) return { check: { ok: true }, locked: false };
    return { check: { ok: false, reason: "wrongPassword" }, locked: await recordLoginFailure(tx, target) };
  });
  if (locked) await noticeAccountLocked(db, tenant, memberId);
  return check;
}

/**
 * Sets a new password and ends every session of the member, this one too: the browser that
 * changed it gets a new session (the returned Set-Cookie), so a session id stolen before the
 * change is worth nothing after it (docs/product/accounts.md#password-change).
 */
export async function changePassword(db: Database, member: { id: number; siteId: string }, password: string, userAgent: string | null): Promise<string> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
    await endMemberSessions(tx, member.id);
    await voidAccountLinks(tx, member.id);
    await recordSecurityEvent(tx, { memberId: member.id, siteId: member.siteId, kind: "password_changed", userAgent });
    return startSession(tx, { memberId: member.id, siteId: member.siteId, userAgent });
  });
}

/** Whether another account on this site uses the address (in any state but purged). */
export async function emailInUse(db: Executor, siteId: string, email: string, exceptMemberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.email, email), ne(members.id, exceptMemberId)))
    .limit(1);
  return row !== undefined;
}

/** A link that moves the account to a new address once the new address confirms it. */
export async function requestEmailChange(db: Database, memberId: number, newEmail: string): Promise<string> {
  return issueToken(db, { memberId, purpose: "change_email", newEmail });
}

/**
 * Asks to move the account to a new address: the link goes to the new address, and the current
 * one is told (docs/product/accounts.md#e-mail-change).
 */
export async function changeEmail(
  db: Database,
  tenant: Tenant,
  member: { id: number; email: string; name: string; language: string | null },
  newEmail: string,
  origin: string,
): Promise<void> {
  const token = await requestEmailChange(db, member.id, newEmail);
  await sendEmailChangeMails(tenant, { email: member.email, name: member.name, language: member.language }, newEmail, token, origin);
}

export type EmailChange = { ok: true; memberId: number; email: string } | { ok: false; reason: "invalidLink" | "emailTaken" };

/**
 * Uses a change link: the account's address becomes the confirmed new one. The address being
 * taken meanwhile is refused (and the unique index guards the race).
 */
export async function confirmEmailChange(db: Database, tenant: Tenant, token: string): Promise<EmailChange> {
  try {
    return await db.transaction(async (tx): Promise<EmailChange> => {
      const used = await consumeToken(tx, token, "change_email", tenant.id);
      if (!used?.newEmail) return { ok: false, reason: "invalidLink" };
      if (await emailInUse(tx, tenant.id, used.newEmail, used.memberId)) return { ok: false, reason: "emailTaken" };
      const [updated] = await tx
        .update(members)
        .set({ email: used.newEmail, status: sql`case when ${members.status} = 'not_confirmed' then 'active'::member_status else ${members.status} end` })
        .where(and(eq(members.id, used.memberId), sql`${members.status} in ('active', 'not_confirmed')`))
        .returning({ id: members.id });
      if (!updated) return { ok: false, reason: "invalidLink" };
      // A confirmed address makes an unconfirmed member findable.
      await refreshListing(tx, used.memberId);
      // A new address is a new owner's proof: every session and every link sent before ends.
      await endMemberSessions(tx, used.memberId);
      await voidAccountLinks(tx, used.memberId);
      await recordSecurityEvent(tx, { memberId: used.memberId, siteId: tenant.id, kind: "email_changed" });
      return { ok: true, memberId: used.memberId, email: used.newEmail };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "emailTaken" };
    throw error;
  }
}
