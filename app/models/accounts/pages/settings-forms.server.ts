import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { db } from "~/db.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { waitMinutes } from "~/web/too-many.server";
import type { Tenant } from "~/tenancy/schema";
import { isRefusedPassword } from "~/models/accounts/password-policy.server";
import { changeEmail, changePassword, checkCurrentPassword, emailInUse, type PasswordCheck } from "~/models/accounts/account-settings.server";
import type { CurrentMember } from "~/models/members/current-member";
import { changeEmailSchema, changePasswordSchema } from "~/models/accounts/settings-schema";
import { revealsAccounts } from "~/models/accounts/account-disclosure";
import { accountHolder } from "~/models/accounts/accounts.server";
import { sendAddressInUseMail } from "~/models/accounts/account-mail.server";

type Refused = { ok: false; reply: SubmissionResult<string[]>; minutes?: number; retryAfterSeconds?: number };

/** Catalogue key and minutes for a refused current password, on the given field. */
export function passwordRefusal(check: Exclude<PasswordCheck, { ok: true }>, wrongKey: string): { key: string; minutes?: number } {
  return check.reason === "blocked" ? { key: "account:login.blocked", minutes: check.minutes } : { key: wrongKey };
}

/**
 * The change-e-mail form: a valid new address that no other account on this site uses
 * ('Dit e-mailadres heeft al een account op deze site.') and the current password. Returns the
 * confirmation link goes out to the new address.
 */
export async function submitEmailChange(
  formData: FormData,
  tenant: Tenant,
  member: CurrentMember,
  ip: string | null,
  origin: string,
): Promise<{ ok: true } | Refused> {
  const submission = parseWithZod(formData, { schema: changeEmailSchema });
  const hide = { hideFields: ["password"] };
  if (submission.status !== "success") return { ok: false, reply: submission.reply(hide) };
  const fail = (field: string, key: string, minutes?: number): Refused => ({
    ok: false,
    reply: submission.reply({ ...hide, fieldErrors: { [field]: [key] } }),
    minutes,
  });
  const { email, password } = submission.value;
  if (email === member.email) return fail("email", "settings:email.same");
  const check = await checkCurrentPassword(db(), tenant, member.id, password, ip);
  if (!check.ok) {
    const refusal = passwordRefusal(check, "settings:wrongPassword");
    return fail("password", refusal.key, refusal.minutes);
  }
  // Each try is counted before the address is looked up: a few a day, so the form can neither mail
  // strangers nor be asked which addresses have an account (docs/product/safety.md#rate-limits).
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.emailChangePerMember, member.id]]);
  if (!counted.ok) return { ...fail("email", "security:tooMany", waitMinutes(counted.retryAfterSeconds)), retryAfterSeconds: counted.retryAfterSeconds };
  const taken = await emailInUse(db(), tenant.id, email, member.id);
  if (taken && revealsAccounts(tenant)) return fail("email", "settings:email.taken");
  // Where the brand does not tell who has an account, the form answers as if the change went out,
  // and the address's holder is told instead (docs/product/safety.md#account-enumeration).
  const holder = taken ? await accountHolder(db(), tenant.id, email) : null;
  if (holder) await sendAddressInUseMail(tenant, holder);
  else await changeEmail(db(), tenant, member, email, origin);
  return { ok: true };
}

/**
 * The change-password form: the old password ('Controleer je oude wachtwoord.'), a new one of
 * the signup rules, typed twice. Every session of the member ends; this browser gets a new one.
 */
export async function submitPasswordChange(
  formData: FormData,
  tenant: Tenant,
  member: CurrentMember,
  ip: string | null,
  userAgent: string | null,
): Promise<{ ok: true; sessionCookie: string } | Refused> {
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hide = { hideFields: ["old_password", "password", "repeat"] };
  if (submission.status !== "success") return { ok: false, reply: submission.reply(hide) };
  const fail = (field: string, key: string, minutes?: number): Refused => ({
    ok: false,
    reply: submission.reply({ ...hide, fieldErrors: { [field]: [key] } }),
    minutes,
  });
  const check = await checkCurrentPassword(db(), tenant, member.id, submission.value.old_password, ip);
  if (!check.ok) {
    const refusal = passwordRefusal(check, "settings:password.wrongOld");
    return fail("old_password", refusal.key, refusal.minutes);
  }
  if (await isRefusedPassword(submission.value.password, [member.email, member.name])) return fail("password", "validation.passwordGuessable");
  return { ok: true, sessionCookie: await changePassword(db(), member, submission.value.password, userAgent) };
}
