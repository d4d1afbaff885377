import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { generateSecret, generateURI } from "otplib";
import type { Database } from "../../../db/client.server";
import { staffMembers, staffSessions } from "../../../db/schema";
import { matchingStep } from "~/models/accounts/two-factor.server";
import { loginBlockedMinutes, recordLoginAttempt } from "~/models/accounts/login-throttle.server";
import { seal, unseal } from "~/services/secrets/seal.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "~/utils/password.server";
import { STAFF_IDLE_HOURS } from "~/web/cookies.server";
import { STAFF_ROLES, type StaffMember, type StaffRole } from "./staff-roles";

/*
 * Staff accounts (docs/product/staff.md#staff-accounts): made by a command, which prints a
 * one-time link to choose a password and the TOTP secret; every login takes the password and a
 * code. Never a member: own table, own sessions, own cookie.
 */

const SETUP_HOURS = 72;
/** The login throttle's "brand" for staff logins, apart from every member brand. */
const STAFF_THROTTLE_SITE = "(staff)";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export type NewStaff = Omit<StaffMember, "id">;

/** Creates a staff member; returns the token of the setup link and the otpauth URL of the TOTP secret. */
export async function createStaff(db: Database, input: NewStaff): Promise<{ id: number; setupToken: string; totpUri: string } | { error: "exists" }> {
  const email = input.email.trim().toLowerCase();
  const secret = generateSecret();
  const setupToken = randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(staffMembers)
    .values({
      email,
      name: input.name,
      roles: [...new Set(input.roles)],
      brands: input.brands,
      languages: input.languages,
      uiLanguage: input.uiLanguage,
      totpSecret: seal("totp-secret", secret),
      setupTokenHash: sha256(setupToken),
      setupExpiresAt: new Date(Date.now() + SETUP_HOURS * 3_600_000),
    })
    .onConflictDoNothing()
    .returning({ id: staffMembers.id });
  if (!row) return { error: "exists" };
  return { id: row.id, setupToken, totpUri: generateURI({ issuer: "Staff", label: email, secret }) };
}

/** Switches a staff member off: every session ends at once, and no login works any more. */
export async function disableStaff(db: Database, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffMembers)
      .set({ disabledAt: new Date() })
      .where(and(eq(staffMembers.email, email.trim().toLowerCase()), isNull(staffMembers.disabledAt)))
      .returning({ id: staffMembers.id });
    if (row) await tx.delete(staffSessions).where(eq(staffSessions.staffId, row.id));
    return Boolean(row);
  });
}

/** Whether a setup link is still good (not used, not expired, account not disabled). */
export async function setupLinkValid(db: Database, token: string): Promise<boolean> {
  const [row] = await db.select({ id: staffMembers.id }).from(staffMembers).where(setupTokenMatches(token));
  return Boolean(row);
}

function setupTokenMatches(token: string) {
  return and(eq(staffMembers.setupTokenHash, sha256(token)), gt(staffMembers.setupExpiresAt, sql`now()`), isNull(staffMembers.disabledAt));
}

/** Sets the password through the one-time link, which dies with it. */
export async function setStaffPassword(db: Database, token: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const rows = await db
    .update(staffMembers)
    .set({ passwordHash, setupTokenHash: null, setupExpiresAt: null })
    .where(setupTokenMatches(token))
    .returning({ id: staffMembers.id });
  if (rows[0]) await db.delete(staffSessions).where(eq(staffSessions.staffId, rows[0].id));
  return rows.length > 0;
}

export type StaffLoginOutcome = { ok: true; sessionId: string; staffId: number } | { ok: false; blockedMinutes: number };

/**
 * The first step: the password. A right one opens a session that counts for nothing until the
 * second step (the code) is done; wrong ones count towards the same throttle as members' logins.
 */
export async function startStaffLogin(db: Database, input: { email: string; password: string; ip: string | null; userAgent: string | null }): Promise<StaffLoginOutcome> {
  const email = input.email.trim().toLowerCase();
  const target = { siteId: STAFF_THROTTLE_SITE, email, ip: input.ip };
  const blockedMinutes = await loginBlockedMinutes(db, target);
  if (blockedMinutes > 0) return { ok: false, blockedMinutes };
  const [row] = await db.select({ id: staffMembers.id, hash: staffMembers.passwordHash, disabledAt: staffMembers.disabledAt }).from(staffMembers).where(eq(staffMembers.email, email));
  const usable = row?.hash && !row.disabledAt ? row : null;
  const valid = await verifyPassword(usable?.hash ?? (await dummyPasswordHash()), input.password);
  if (!usable || !valid) {
    await recordLoginAttempt(db, target, false);
    return { ok: false, blockedMinutes: 0 };
  }
  const sessionId = randomBytes(32).toString("base64url");
  await db.insert(staffSessions).values({ idHash: sha256(sessionId), staffId: usable.id, ip: input.ip, userAgent: input.userAgent?.slice(0, 300) ?? null });
  return { ok: true, sessionId, staffId: usable.id };
}

/**
 * The second step: a code of the staff member's authenticator app, never one already used. Wrong
 * codes count towards the login throttle; a right one makes the session count.
 */
export async function finishStaffLogin(db: Database, sessionId: string, code: string, ip: string | null): Promise<{ ok: true } | { ok: false; blockedMinutes: number }> {
  const session = await sessionRow(db, sessionId);
  if (!session) return { ok: false, blockedMinutes: 0 };
  const target = { siteId: STAFF_THROTTLE_SITE, email: session.email, ip };
  const blockedMinutes = await loginBlockedMinutes(db, target);
  if (blockedMinutes > 0) return { ok: false, blockedMinutes };
  const accepted = await db.transaction(async (tx) => {
    const [row] = await tx.select({ secret: staffMembers.totpSecret, lastStep: staffMembers.totpLastStep }).from(staffMembers).where(eq(staffMembers.id, session.staffId)).for("update");
    const secret = row ? unseal("totp-secret", row.secret) : null;
    const step = secret ? await matchingStep(secret, code, row!.lastStep) : null;
    if (step === null) return false;
    await tx.update(staffMembers).set({ totpLastStep: step }).where(eq(staffMembers.id, session.staffId));
    await tx.update(staffSessions).set({ verifiedAt: new Date(), lastSeenAt: new Date() }).where(eq(staffSessions.idHash, sha256(sessionId)));
    return true;
  });
  await recordLoginAttempt(db, target, accepted);
  return accepted ? { ok: true } : { ok: false, blockedMinutes: 0 };
}

async function sessionRow(db: Database, sessionId: string) {
  const [row] = await db
    .select({
      staffId: staffMembers.id,
      email: staffMembers.email,
      name: staffMembers.name,
      roles: staffMembers.roles,
      brands: staffMembers.brands,
      languages: staffMembers.languages,
      uiLanguage: staffMembers.uiLanguage,
      verifiedAt: staffSessions.verifiedAt,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.idHash, sha256(sessionId)),
        isNull(staffMembers.disabledAt),
        sql`${staffSessions.lastSeenAt} > now() - make_interval(hours => ${STAFF_IDLE_HOURS})`,
      ),
    );
  return row ?? null;
}

/** The staff member of a session, once both steps are done (`pending` between them), or null. */
export async function findStaffSession(db: Database, sessionId: string): Promise<{ staff: StaffMember } | { pending: true } | null> {
  const row = await sessionRow(db, sessionId);
  if (!row) return null;
  if (!row.verifiedAt) return { pending: true };
  // Written at most once a minute: enough for a 12-hour idle limit.
  if (Date.now() - row.lastSeenAt.getTime() > 60_000) await db.update(staffSessions).set({ lastSeenAt: new Date() }).where(eq(staffSessions.idHash, sha256(sessionId)));
  return {
    staff: {
      id: row.staffId,
      email: row.email,
      name: row.name,
      roles: row.roles.filter((role): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role)),
      brands: row.brands,
      languages: row.languages,
      uiLanguage: row.uiLanguage === "nl" ? "nl" : "en",
    },
  };
}

export async function endStaffSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, sha256(sessionId)));
}
