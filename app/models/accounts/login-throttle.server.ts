import { and, count, desc, eq, gt, max } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { loginAttempts } from "../../../db/schema";
import { limitedAddress } from "~/utils/address-network";

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
  const [lastSuccess] = await db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.siteId, target.siteId), eq(loginAttempts.email, target.email), eq(loginAttempts.succeeded, true)));
  const from = lastSuccess?.at && lastSuccess.at > since ? lastSuccess.at : since;
  const failures = await db
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
    .limit(ACCOUNT_FAILURE_LIMIT);
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
  }
  return blockedUntil > now.getTime() ? Math.ceil((blockedUntil - now.getTime()) / 60_000) : 0;
}

export async function recordLoginAttempt(db: Executor, target: LoginTarget, succeeded: boolean, now = new Date()): Promise<void> {
  await db.insert(loginAttempts).values({ ...target, ip: target.ip && limitedAddress(target.ip), succeeded, createdAt: now });
}
