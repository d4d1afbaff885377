import { and, count, desc, eq, gt, like, max, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { loginAttempts } from "../../../db/schema";
import { limitedAddress, WIDER_NETWORK_FACTOR, widerNetwork } from "~/utils/address-network";

/** Failed logins for one account within the window that block it. */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Failed logins from one address on one brand within the window that block it there. */
export const ADDRESS_FAILURE_LIMIT = 30;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export interface LoginTarget {
  siteId: string;
  email: string;
  ip: string | null;
}

/**
 * Minutes until this account (or address) may try again, or 0. Kept in the database, so the
 * limit holds across server processes. A successful login resets the account's count.
 */
export async function loginBlockedMinutes(db: Executor, target: LoginTarget, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const failures = await accountFailures(db, target, now, ACCOUNT_FAILURE_LIMIT);
  let blockedUntil = 0;
  if (failures.length >= ACCOUNT_FAILURE_LIMIT) {
    blockedUntil = failures[ACCOUNT_FAILURE_LIMIT - 1]!.at.getTime() + THROTTLE_WINDOW_MS;
  }
  if (target.ip) {
    // An IPv6 address counts by its /64, as it is stored (review N-L-1).
    const [fromAddress] = await db
      .select({ n: count(), latest: max(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, limitedAddress(target.ip)), eq(loginAttempts.siteId, target.siteId), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
    if ((fromAddress?.n ?? 0) >= ADDRESS_FAILURE_LIMIT && fromAddress?.latest) {
      blockedUntil = Math.max(blockedUntil, fromAddress.latest.getTime() + THROTTLE_WINDOW_MS);
    }
    const network = widerNetwork(target.ip);
    if (network) {
      // The /64s of one /48 are stored as `a:b:c:d::/64`, so they share the text before the fourth group.
      const [fromNetwork] = await db
        .select({ n: count(), latest: max(loginAttempts.createdAt) })
        .from(loginAttempts)
        .where(and(like(loginAttempts.ip, `${network.slice(0, -"::/48".length)}:%`), eq(loginAttempts.siteId, target.siteId), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
      if ((fromNetwork?.n ?? 0) >= ADDRESS_FAILURE_LIMIT * WIDER_NETWORK_FACTOR && fromNetwork?.latest) {
        blockedUntil = Math.max(blockedUntil, fromNetwork.latest.getTime() + THROTTLE_WINDOW_MS);
      }
    }
  }
  return blockedUntil > now.getTime() ? Math.ceil((blockedUntil - now.getTime()) / 60_000) : 0;
}

export async function recordLoginAttempt(db: Executor, target: LoginTarget, succeeded: boolean, now = new Date()): Promise<void> {
  await db.insert(loginAttempts).values({ ...target, ip: target.ip && limitedAddress(target.ip), succeeded, createdAt: now });
}

/** The account's latest failed attempts that count (within the window, since its last success), newest first. */
async function accountFailures(db: Executor, target: LoginTarget, now: Date, limit: number): Promise<{ at: Date }[]> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [lastSuccess] = await db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.siteId, target.siteId), eq(loginAttempts.email, target.email), eq(loginAttempts.succeeded, true)));
  const from = lastSuccess?.at && lastSuccess.at > since ? lastSuccess.at : since;
  return db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.siteId, target.siteId),
        eq(loginAttempts.email, target.email),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, from),
      ),
    )
    .orderBy(desc(loginAttempts.createdAt))
    .limit(limit);
}

/**
 * Attempts on one account take turns: a lock on brand and address for the transaction, so
 * parallel guesses cannot all pass the check before any failure is counted (review L-4). The
 * login and every form that asks for the current password take it.
 */
export async function takeLoginLock(tx: Executor, target: LoginTarget): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${target.siteId}:${target.email}`}, 0))`);
}

/**
 * Records a failed attempt; true when it is the one that blocked the account (its owner is then
 * told: docs/product/accounts.md#login). Later failures are refused before they are recorded.
 */
export async function recordLoginFailure(db: Executor, target: LoginTarget, now = new Date()): Promise<boolean> {
  await recordLoginAttempt(db, target, false, now);
  return (await accountFailures(db, target, now, ACCOUNT_FAILURE_LIMIT + 1)).length === ACCOUNT_FAILURE_LIMIT;
}
