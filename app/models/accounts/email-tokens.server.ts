import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { emailTokens, members, profiles } from "../../../db/schema";

export type TokenPurpose = "activate" | "reset_password" | "change_email" | "reactivate" | "login_link";

const HOUR_MS = 60 * 60 * 1000;

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  activate: 7 * 24 * HOUR_MS,
  reset_password: 2 * HOUR_MS,
  change_email: 24 * HOUR_MS,
  reactivate: 14 * 24 * HOUR_MS,
  login_link: 7 * 24 * HOUR_MS,
};

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new one-time token; only its hash is stored. Returns the token for the link. */
export async function issueToken(
  db: Executor,
  input: { memberId: number; purpose: TokenPurpose; newEmail?: string; targetPath?: string; now?: Date },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = input.now ?? new Date();
  await db.insert(emailTokens).values({
    memberId: input.memberId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    newEmail: input.newEmail ?? null,
    targetPath: input.targetPath ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[input.purpose]),
  });
  return token;
}

/**
 * Uses a token: succeeds once, for the right purpose, before it expires. The check and the
 * marking happen in one statement, so two clicks at once cannot both succeed.
 */
export async function consumeToken(
  db: Executor,
  token: string,
  purpose: TokenPurpose,
  siteId: string,
  now = new Date(),
): Promise<{ memberId: number; newEmail: string | null; targetPath: string | null } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(liveToken(token, purpose, now), inArray(emailTokens.memberId, db.select({ id: members.id }).from(members).where(eq(members.siteId, siteId)))))
    .returning({ memberId: emailTokens.memberId, newEmail: emailTokens.newEmail, targetPath: emailTokens.targetPath });
  return row ?? null;
}

/**
 * The links that can take an account over or log a browser in (a password reset, a move to
 * another address, a notification mail's login link, a reactivation): once a reset or address
 * change is used, the password changes or two-step login is turned on, the others are void, so an
 * older mail that leaked or was forwarded no longer works (docs/product/accounts.md#sessions).
 */
export const ACCOUNT_TAKEOVER_PURPOSES = ["reset_password", "change_email", "login_link", "reactivate"] as const satisfies readonly TokenPurpose[];

export async function voidAccountLinks(db: Executor, memberId: number, now = new Date()): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.memberId, memberId), inArray(emailTokens.purpose, [...ACCOUNT_TAKEOVER_PURPOSES]), isNull(emailTokens.usedAt)));
}

/** Whether a token would still work, without using it (to show a form before using it). */
export async function peekToken(db: Executor, token: string, purpose: TokenPurpose, siteId: string, now = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const [row] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .innerJoin(members, eq(members.id, emailTokens.memberId))
    .where(and(liveToken(token, purpose, now), eq(members.siteId, siteId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whose live link this is, without using it: a link that logs in shows its page with its button
 * first, and only the button's POST uses it (review N-M-5).
 */
export async function tokenHolder(db: Executor, token: string, purpose: TokenPurpose, siteId: string, now = new Date()): Promise<{ memberId: number; name: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ memberId: emailTokens.memberId, name: profiles.name })
    .from(emailTokens)
    .innerJoin(members, eq(members.id, emailTokens.memberId))
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(liveToken(token, purpose, now), eq(members.siteId, siteId)))
    .limit(1);
  return row ?? null;
}

function liveToken(token: string, purpose: TokenPurpose, now: Date) {
  return and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now));
}

/** How many links of a kind a member was sent since a moment (to limit resends). */
export async function countTokensSince(db: Executor, memberId: number, purpose: TokenPurpose, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailTokens)
    .where(and(eq(emailTokens.memberId, memberId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since)));
  return row?.n ?? 0;
}
