import { run as suggestEmail } from "@zootools/email-spell-checker";
import type { AppLoadContext } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { db } from "~/db.server";
import type { Tenant } from "~/tenancy/schema";
import { isRefusedPassword } from "~/models/accounts/password-policy.server";
import { accountHolder, createAccount, existingAccount, type NewAccount } from "~/models/accounts/accounts.server";
import { revealsAccounts } from "~/models/accounts/account-disclosure";
import { isBannedEmail } from "~/models/moderation/bans.server";
import { hashPassword } from "~/utils/password.server";
import { signupSchema } from "~/models/accounts/signup-schema";
import type { Tracking } from "~/models/accounts/tracking";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";

export type SignupOutcome =
  | { ok: true; account: NewAccount; email: string; name: string }
  /**
   * The address has an account on a brand that does not say so: its holder is mailed instead; or
   * it is banned (holder null), and nobody is mailed.
   */
  | { ok: true; account: null; holder: { email: string; name: string; language: string | null } | null; email: string }
  | { ok: false; reply: SubmissionResult<string[]>; suggestion?: string; retryAfterSeconds?: number };

/**
 * Checks a submitted signup form with every rule of docs/product/accounts.md#signup and creates the account.
 * On any problem the reply carries what was typed (never the password) and the errors.
 */
export async function submitSignup(
  formData: FormData,
  tenant: Tenant,
  context: AppLoadContext,
  tracking: Tracking | null,
  /** The member landing page's profile the visitor signed up on, already checked to be theirs to see. */
  signupProfileId: number | null = null,
  /** The visitor's cookie choice, kept with the new account (docs/product/site.md#consent-record). */
  consent: { analytics: boolean; marketing: boolean; gpc: boolean } | null = null,
): Promise<SignupOutcome> {
  // "Yes, use the suggested address" submits the form with the suggestion in its place.
  const suggested = formData.get("use_suggestion");
  if (typeof suggested === "string" && suggested) {
    formData.set("email", suggested);
    formData.set("email_confirmed", suggested);
  }
  const submission = parseWithZod(formData, { schema: signupSchema(tenant.settings.min_age) });
  if (submission.status !== "success") return { ok: false, reply: submission.reply({ hideFields: ["password"] }) };
  const form = submission.value;
  const fail = (field: string, key: string, suggestion?: string): SignupOutcome => ({
    ok: false,
    reply: submission.reply({ fieldErrors: { [field]: [key] }, hideFields: ["password"] }),
    suggestion,
  });

  // Counted before the address lookup and the password hashing, which are what a flood would cost.
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.signupPerAddress, context.clientIp]]);
  if (!counted.ok) {
    return { ok: false, reply: submission.reply({ formErrors: ["security:tooMany"], hideFields: ["password"] }), retryAfterSeconds: counted.retryAfterSeconds };
  }

  const typo = suggestEmail({ email: form.email });
  if (typo && typo.full !== form.email && form.email_confirmed !== form.email) return fail("email", "validation.emailSuggestion", typo.full);

  if (await isRefusedPassword(form.password, [form.email, form.name])) return fail("password", "validation.passwordGuessable");
  // A banned address stays banned on every brand (docs/product/moderation.md#bans); a brand that
  // does not tell who has an account does not tell who was banned either: the same answer as a
  // new signup, and no mail.
  const banned = await isBannedEmail(db(), form.email);
  if (!revealsAccounts(tenant)) {
    const holder = banned ? null : await accountHolder(db(), tenant.id, form.email);
    if (banned || holder) {
      // As long as creating an account takes (the password hash), so timing tells nothing either.
      await hashPassword(form.password);
      return { ok: true, account: null, holder, email: form.email };
    }
  } else {
    if (banned) return fail("email", "validation.emailBanned");
    const existing = await existingAccount(db(), tenant.id, form.email);
    if (existing === "active") return fail("email", "validation.emailTaken");
    if (existing === "deleting") return fail("email", "validation.emailDeleting");
  }

  const account = await createAccount(db(), { tenant, form, tracking, language: context.language, country: context.country, signupProfileId, consent });
  // Lost a race with a signup of the same address.
  if (!account) return fail("email", revealsAccounts(tenant) ? "validation.emailTaken" : "security:tryAgain");
  return { ok: true, account, email: form.email, name: form.name };
}
