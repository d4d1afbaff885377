import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { creditLedger, members, profiles } from "../../../db/schema";
import type { Language } from "~/domain/languages";
import type { Tenant } from "~/tenancy/schema";
import { isUniqueViolation } from "~/utils/db-errors";
import { dummyPasswordHash, hashPassword, verifyPassword } from "~/utils/password.server";
import { mayBeLoggedIn } from "~/models/members/current-member";
import { isListed } from "~/models/members/listing";
import { refreshListing } from "~/models/members/relisting.server";
import { recordConversion } from "~/models/attribution/conversions.server";
import { recordConsent } from "~/models/consent/consent-records.server";
import { issueToken } from "./email-tokens.server";
import { loginBlockedMinutes, recordLoginAttempt, recordLoginFailure, takeLoginLock } from "./login-throttle.server";
import type { SignupInput } from "./signup-schema";
import type { Tracking } from "./tracking";
import { grantWelcomeDiscount } from "~/models/payments/member-discounts.server";
import { recordSecurityEvent } from "~/models/safety/security-events.server";
import { confirmations, signups } from "~/services/metrics/business.server";

export type ExistingAccount = "none" | "active" | "deleting";

/** Whether an address already has an account on this site, and in which state. */
export async function existingAccount(db: Database, siteId: string, email: string): Promise<ExistingAccount> {
  const [row] = await db
    .select({ status: members.status })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.email, email.toLowerCase())))
    .limit(1);
  if (!row) return "none";
  return row.status === "deletion_requested" ? "deleting" : "active";
}

/** Who holds an address on this site (any state but purged), to mail them instead of telling the form. */
export async function accountHolder(db: Database, siteId: string, email: string): Promise<{ email: string; name: string; language: string | null } | null> {
  const [row] = await db
    .select({ email: members.email, name: profiles.name, language: members.language })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(members.siteId, siteId), eq(members.email, email.toLowerCase())))
    .limit(1);
  return row?.email ? { email: row.email, name: row.name, language: row.language } : null;
}

export interface NewAccount {
  memberId: number;
  activationToken: string;
}

/**
 * Creates the account, its profile and the signup credits in one transaction, and an
 * activation token. Returns null when the address was taken meanwhile (a second signup at once).
 */
export async function createAccount(
  db: Database,
  input: {
    tenant: Tenant;
    form: SignupInput;
    tracking: Tracking | null;
    language: Language;
    country: string | null;
    signupProfileId?: number | null;
    /** The visitor's cookie choice, kept with the account from now on (docs/product/site.md#consent-record). */
    consent?: { analytics: boolean; marketing: boolean; gpc: boolean } | null;
  },
): Promise<NewAccount | null> {
  const { tenant, form } = input;
  const passwordHash = await hashPassword(form.password);
  const credits = tenant.settings.signup_credits;
  try {
    const created = await db.transaction(async (tx) => {
      const [member] = await tx
        .insert(members)
        .values({
          siteId: tenant.id,
          email: form.email,
          passwordHash,
          status: "not_confirmed",
          signupStep: 0,
          credits,
          freeMessages: tenant.settings.free_messages,
          language: input.language,
          tracking: input.tracking,
          signupProfileId: input.signupProfileId ?? null,
        })
        .returning({ id: members.id, createdAt: members.createdAt });
      const memberId = member!.id;
      // The welcome discount starts at signup: it is written now, with its end and methods (docs/product/payments.md#welcome-bonus).
      await grantWelcomeDiscount(tx, tenant, member!);
      await tx.insert(profiles).values({
        memberId,
        pool: tenant.pool,
        // Nobody finds a member they cannot write to: listed once the address is confirmed.
        listed: isListed("not_confirmed", false),
        name: form.name,
        birthDate: form.date_of_birth,
        country: input.country && tenant.countries.includes(input.country) ? input.country : tenant.countries[0],
        about: form.signup_message || null,
      });
      if (credits > 0) {
        await tx.insert(creditLedger).values({ memberId, delta: credits, balanceAfter: credits, reason: "signup", reference: String(memberId) });
      }
      const activationToken = await issueToken(tx, { memberId, purpose: "activate" });
      if (input.consent) await recordConsent(tx, { siteId: tenant.id, memberId, ...input.consent, source: "signup" });
      await recordConversion(tx, { memberId, event: "signup" });
      return { memberId, activationToken };
    });
    signups.inc({ brand: tenant.id });
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}


/**
 * Confirms the e-mail address of a not yet confirmed account (a conversion for its traffic
 * source); the profile is listed at once, unless the member chose to be invisible.
 */
export async function confirmEmail(db: Database, memberId: number): Promise<void> {
  const brand = await db.transaction(async (tx) => {
    const [confirmed] = await tx.update(members).set({ status: "active" }).where(and(eq(members.id, memberId), eq(members.status, "not_confirmed"))).returning({ siteId: members.siteId });
    if (!confirmed) return null;
    await refreshListing(tx, memberId);
    await recordConversion(tx, { memberId, event: "confirmed" });
    return confirmed.siteId;
  });
  if (brand) confirmations.inc({ brand });
}

export type LoginResult =
  | { ok: true; memberId: number }
  /** lockedMemberId: this failure blocked the account (its owner is to be told). */
  | { ok: false; blockedMinutes: number; lockedMemberId?: number }
  /** The right password for an account awaiting deletion: it can be reactivated. */
  | { ok: false; blockedMinutes: 0; deletingMemberId: number }
  /** The right password for an account staff switched off: it is told so, but not logged in. */
  | { ok: false; blockedMinutes: 0; disabledMemberId: number };

/**
 * Checks e-mail and password on this site. Unknown addresses cost as much time as known ones,
 * and both count towards the throttle, so neither timing nor limits reveal who has an account.
 */
export async function checkLogin(db: Database, input: { siteId: string; email: string; password: string; ip: string | null; userAgent?: string | null }): Promise<LoginResult> {
  const target = { siteId: input.siteId, email: input.email.trim().toLowerCase(), ip: input.ip };
  return db.transaction(async (tx) => {
    await takeLoginLock(tx, target);
    const blocked = await loginBlockedMinutes(tx, target);
    if (blocked > 0) return { ok: false, blockedMinutes: blocked };
    const [member] = await tx
      .select({ id: members.id, passwordHash: members.passwordHash, status: members.status })
      .from(members)
      .where(and(eq(members.siteId, target.siteId), eq(members.email, target.email)))
      .limit(1);
    const usable = member?.passwordHash && mayBeLoggedIn(member.status);
    const deleting = member?.passwordHash && member.status === "deletion_requested";
    const disabled = member?.passwordHash && member.status === "disabled";
    const valid = await verifyPassword(usable || deleting || disabled ? member.passwordHash! : await dummyPasswordHash(), input.password);
    if (deleting && valid) {
      await recordLoginAttempt(tx, target, true);
      return { ok: false, blockedMinutes: 0, deletingMemberId: member.id };
    }
    if (disabled && valid) {
      await recordLoginAttempt(tx, target, true);
      return { ok: false, blockedMinutes: 0, disabledMemberId: member.id };
    }
    const ok = Boolean(usable && valid);
    const locked = ok ? (await recordLoginAttempt(tx, target, true), false) : await recordLoginFailure(tx, target);
    if (member && usable) {
      await recordSecurityEvent(tx, { memberId: member.id, siteId: target.siteId, kind: ok ? "login" : "login_failed", ip: input.ip, userAgent: input.userAgent });
    }
    if (ok) return { ok: true, memberId: member!.id };
    const blockedMinutes = await loginBlockedMinutes(tx, target);
    return locked && usable ? { ok: false, blockedMinutes, lockedMemberId: member.id } : { ok: false, blockedMinutes };
  });
}

/** A fresh activation link for a member who has not confirmed yet. */
export async function newActivationToken(db: Database, memberId: number): Promise<string> {
  return issueToken(db, { memberId, purpose: "activate" });
}
