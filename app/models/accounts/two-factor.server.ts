import { createHash, createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import type { Database } from "../../../db/client.server";
import { members } from "../../../db/schema";
import { signingKey } from "~/services/secrets/keys.server";
import { seal, unseal } from "~/services/secrets/seal.server";
import { voidAccountLinks } from "./email-tokens.server";

/*
 * Two-step login for members (docs/product/accounts.md#two-step-login, review L-6): a TOTP code
 * from an authenticator app after the password, or one of ten recovery codes. otplib does the
 * RFC 6238 arithmetic (docs/decisions/024-fuzzing-and-privacy-libraries.md lists the libraries).
 */

export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code as it is stored: 80 random bits keyed with a secret of its own (review N-L-4), so
 * neither a stolen row nor a database dump can be hashed through. Dashes and spaces do not count.
 */
function hashCode(code: string): string {
  return `hmac:${createHmac("sha256", signingKey("recovery-code")).update(code.toLowerCase().replace(/[^0-9a-f]/g, "")).digest("hex")}`;
}

/** How codes given before review N-L-4 (40 bits, plain SHA-256) were stored: each still works once. */
function legacyHashCode(code: string): string {
  return createHash("sha256").update(code.trim().toLowerCase()).digest("hex");
}

/** Four groups of five hex digits: 80 bits. */
function newRecoveryCode(): string {
  return randomBytes(10).toString("hex").match(/.{5}/g)!.join("-");
}

/** A new secret (or the one being set up) and the otpauth URL an authenticator app reads from the QR code. */
export function newTwoFactorSecret(account: { email: string; brand: string }, kept: string | null = null): { secret: string; uri: string } {
  const secret = kept ?? generateSecret();
  return { secret, uri: generateURI({ issuer: account.brand, label: account.email, secret }) };
}

/** Whether a code from the app matches now (a step either side for clocks a little off), and at which step. */
export async function matchingStep(secret: string, code: string, after: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code.trim())) return null;
  const result = await verify({ secret, token: code.trim(), epochTolerance: 30, ...(after === null ? {} : { afterTimeStep: after }) }).catch(() => ({ valid: false as const }));
  return result.valid && "timeStep" in result ? (result as { timeStep: number }).timeStep : null;
}

/**
 * Turns two-step login on once the member typed a code of the new secret: the secret is stored
 * sealed, and ten recovery codes are made, returned this once and stored only as hashes.
 */
export async function enableTwoFactor(db: Database, memberId: number, secret: string, code: string): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false }> {
  const step = await matchingStep(secret, code, null);
  if (step === null) return { ok: false };
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx
      .update(members)
      .set({ totpSecret: seal("totp-secret", secret), totpEnabledAt: new Date(), totpLastStep: step, totpRecoveryCodes: recoveryCodes.map(hashCode) })
      .where(eq(members.id, memberId));
    // Links mailed before log in without the code: they die now (review N-M-6).
    await voidAccountLinks(tx, memberId);
  });
  return { ok: true, recoveryCodes };
}

export async function twoFactorEnabled(db: Database, memberId: number): Promise<boolean> {
  const [row] = await db.select({ at: members.totpEnabledAt }).from(members).where(eq(members.id, memberId));
  return Boolean(row?.at);
}

/**
 * Checks the second step: a code of the app, never one of a step already used (so an overheard
 * code cannot be replayed), or an unused recovery code, which is then spent. The member's row is
 * locked, so two tries at once cannot both use one code.
 */
export async function checkSecondFactor(db: Database, memberId: number, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ secret: members.totpSecret, lastStep: members.totpLastStep, recovery: members.totpRecoveryCodes })
      .from(members)
      .where(eq(members.id, memberId))
      .for("update");
    const secret = row?.secret ? unseal("totp-secret", row.secret) : null;
    if (!row || !secret) return false;
    const step = await matchingStep(secret, code, row.lastStep);
    if (step !== null) {
      await tx.update(members).set({ totpLastStep: step }).where(eq(members.id, memberId));
      return true;
    }
    const recovery = row.recovery ?? [];
    const hashed = [hashCode(code), legacyHashCode(code)].find((candidate) => recovery.includes(candidate));
    if (!hashed) return false;
    await tx.update(members).set({ totpRecoveryCodes: recovery.filter((item) => item !== hashed) }).where(eq(members.id, memberId));
    return true;
  });
}

export async function disableTwoFactor(db: Database, memberId: number): Promise<void> {
  await db.update(members).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpRecoveryCodes: null }).where(eq(members.id, memberId));
}
