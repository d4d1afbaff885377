import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { generateSecret, generateURI } from "otplib";
import type { Database, Transaction } from "../../../db/client.server";
import { staffMembers, staffSessions } from "../../../db/schema";
import { matchingStep } from "~/models/accounts/two-factor.server";
import { loginBlockedMinutes, recordLoginAttempt } from "~/models/accounts/login-throttle.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { codeFailureNeedsAlert, sendCodeFailureAlert } from "./staff-login-alert.server";
import { seal, unseal } from "~/services/secrets/seal.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "~/utils/password.server";
import { recordStaffAction } from "./staff-audit.server";
import { STAFF_IDLE_HOURS, STAFF_ROLES, type StaffMember, type StaffRole } from "./staff-roles";

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

/** A session's absolute lifetime from the code step, however often it is used (review N-L-3). */
export const STAFF_SESSION_HOURS = 12;
/** How long a right password waits for its code. */
const PENDING_MINUTES = 15;

/**
 * Attempts on one staff account take turns (a lock on the address for the transaction), so a
 * burst of parallel guesses cannot all pass the throttle before any failure is counted, as in the
 * members' `checkLogin` (review N-M-1).
 */
async function lockStaffLogin(tx: Transaction, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${STAFF_THROTTLE_SITE}:${email}`}, 0))`);
}

const blockedFor = (counted: { retryAfterSeconds: number }) => ({ ok: false as const, blockedMinutes: Math.max(1, Math.ceil(counted.retryAfterSeconds / 60)) });

/**
 * The first step: the password. A right one opens a session that counts for nothing until the
 * second step (the code) is done; wrong ones count towards the same throttle as members' logins.
 * Posts are counted per address first, so the audit rows of failures stay bounded; a failure's
 * row names the account only when the address is a staff member's, never what was typed.
 */
export async function startStaffLogin(db: Database, input: { email: string; password: string; ip: string | null; userAgent: string | null }): Promise<StaffLoginOutcome> {
  const email = input.email.trim().toLowerCase();
  const target = { siteId: STAFF_THROTTLE_SITE, email, ip: input.ip };
  return db.transaction(async (tx) => {
    const counted = await countRequest(tx, STAFF_THROTTLE_SITE, [[RATE_LIMITS.staffLoginPerAddress, input.ip]]);
    if (!counted.ok) return blockedFor(counted);
    await lockStaffLogin(tx, email);
    const blockedMinutes = await loginBlockedMinutes(tx, target);
    if (blockedMinutes > 0) return { ok: false, blockedMinutes };
    const [row] = await tx.select({ id: staffMembers.id, hash: staffMembers.passwordHash, disabledAt: staffMembers.disabledAt }).from(staffMembers).where(eq(staffMembers.email, email));
    const usable = row?.hash && !row.disabledAt ? row : null;
    const valid = await verifyPassword(usable?.hash ?? (await dummyPasswordHash()), input.password);
    if (!usable || !valid) {
      await recordLoginAttempt(tx, target, false);
      await recordStaffAction(tx, { staffId: null, action: "login_failed", details: row ? { email, step: "password" } : { step: "password", unknownEmail: true }, ip: input.ip });
      return { ok: false, blockedMinutes: 0 };
    }
    const sessionId = randomBytes(32).toString("base64url");
    await tx.insert(staffSessions).values({ idHash: sha256(sessionId), staffId: usable.id, ip: input.ip, userAgent: input.userAgent?.slice(0, 300) ?? null });
    return { ok: true, sessionId, staffId: usable.id };
  });
}

/**
 * The second step: a code of the staff member's authenticator app, never one already used. Code
 * posts are counted per staff account and per address; wrong codes count towards the login
 * throttle. A right one makes the session count, under a new id (the pending one dies).
 */
export async function finishStaffLogin(db: Database, sessionId: string, code: string, ip: string | null): Promise<{ ok: true; sessionId: string } | { ok: false; blockedMinutes: number }> {
  const session = await sessionRow(db, sessionId);
  if (!session || session.verifiedAt) return { ok: false, blockedMinutes: 0 };
  const target = { siteId: STAFF_THROTTLE_SITE, email: session.email, ip };
  const alerted = { id: session.staffId, email: session.email, name: session.name };
  type Outcome = { ok: true; sessionId: string } | { ok: false; blockedMinutes: number; alert?: boolean };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const counted = await countRequest(tx, STAFF_THROTTLE_SITE, [
      [RATE_LIMITS.secondFactorPerMember, session.staffId],
      [RATE_LIMITS.secondFactorPerAddress, ip],
    ]);
    if (!counted.ok) return blockedFor(counted);
    await lockStaffLogin(tx, session.email);
    const blockedMinutes = await loginBlockedMinutes(tx, target);
    if (blockedMinutes > 0) return { ok: false, blockedMinutes };
    const [row] = await tx.select({ secret: staffMembers.totpSecret, lastStep: staffMembers.totpLastStep }).from(staffMembers).where(eq(staffMembers.id, session.staffId)).for("update");
    const secret = row ? unseal("totp-secret", row.secret) : null;
    const step = secret ? await matchingStep(secret, code, row!.lastStep) : null;
    const verifiedId = randomBytes(32).toString("base64url");
    const verified =
      step === null
        ? []
        : await tx
            .update(staffSessions)
            .set({ idHash: sha256(verifiedId), verifiedAt: new Date(), lastSeenAt: new Date() })
            .where(and(eq(staffSessions.idHash, sha256(sessionId)), isNull(staffSessions.verifiedAt)))
            .returning({ staffId: staffSessions.staffId });
    if (step === null || verified.length === 0) {
      await recordLoginAttempt(tx, target, false);
      await recordStaffAction(tx, { staffId: null, action: "login_failed", details: { email: session.email, step: "code" }, ip });
      return { ok: false, blockedMinutes: 0, alert: await codeFailureNeedsAlert(tx, alerted, ip) };
    }
    await tx.update(staffMembers).set({ totpLastStep: step }).where(eq(staffMembers.id, session.staffId));
    await recordLoginAttempt(tx, target, true);
    await recordStaffAction(tx, { staffId: session.staffId, action: "login", ip });
    return { ok: true, sessionId: verifiedId };
  });
  if (outcome.ok) return outcome;
  if (outcome.alert) await sendCodeFailureAlert(db, alerted);
  return { ok: false, blockedMinutes: outcome.blockedMinutes };
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
        // A pending session lives minutes; a verified one at most STAFF_SESSION_HOURS from its code step.
        sql`(${staffSessions.verifiedAt} is null and ${staffSessions.createdAt} > now() - make_interval(mins => ${PENDING_MINUTES}) or ${staffSessions.verifiedAt} > now() - make_interval(hours => ${STAFF_SESSION_HOURS}))`,
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
