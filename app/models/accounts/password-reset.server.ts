import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { members, profiles } from "../../../db/schema";
import type { Tenant } from "~/tenancy/schema";
import { hashPassword } from "~/utils/password.server";
import { mayBeLoggedIn } from "~/models/members/current-member";
import { consumeToken, countTokensSince, issueToken, voidAccountLinks } from "./email-tokens.server";
import { endMemberSessions } from "./sessions.server";
import { recordSecurityEvent } from "~/models/safety/security-events.server";

/** Reset mails a member may get per 24 hours. */
export const RESETS_PER_DAY = 3;

export type ResetRequest =
  | { ok: true; token: string; member: { email: string; name: string; language: string | null } }
  | { ok: false; reason: "notFound" | "tooMany" };

/**
 * A reset link for an account of this site. docs/product/accounts.md#password-reset wants an unknown address said out loud
 * ('E-mailadres niet gevonden'); accounts being deleted are treated as unknown.
 */
export async function requestPasswordReset(db: Database, tenant: Tenant, email: string, now = new Date()): Promise<ResetRequest> {
  const [member] = await db
    .select({ id: members.id, email: members.email, status: members.status, language: members.language, name: profiles.name })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(members.siteId, tenant.id), eq(members.email, email.trim().toLowerCase())))
    .limit(1);
  if (!member?.email || !mayBeLoggedIn(member.status)) {
    return { ok: false, reason: "notFound" };
  }
  const recent = await countTokensSince(db, member.id, "reset_password", new Date(now.getTime() - 24 * 60 * 60 * 1000));
  if (recent >= RESETS_PER_DAY) return { ok: false, reason: "tooMany" };
  const token = await issueToken(db, { memberId: member.id, purpose: "reset_password", now });
  return { ok: true, token, member: { email: member.email, name: member.name, language: member.language } };
}

/** Sets the new password with a valid link (once) and ends every session of the member. */
export async function resetPassword(db: Database, tenant: Tenant, token: string, password: string): Promise<number | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, "reset_password", tenant.id);
    if (!used) return null;
    await tx.update(members).set({ passwordHash }).where(eq(members.id, used.memberId));
    await endMemberSessions(tx, used.memberId);
    await voidAccountLinks(tx, used.memberId);
    await recordSecurityEvent(tx, { memberId: used.memberId, siteId: tenant.id, kind: "password_reset" });
    return used.memberId;
  });
}
