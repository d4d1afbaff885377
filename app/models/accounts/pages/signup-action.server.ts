import { signupConsent } from "~/models/consent/pages/consent.server";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { sendActivationMail, sendExistingAccountMail } from "~/models/accounts/account-mail.server";
import { revealsAccounts } from "~/models/accounts/account-disclosure";
import { startSession } from "~/models/accounts/sessions.server";
import { signupOpen } from "~/models/accounts/tracking";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { signupSentCookie, trackingCookie } from "~/web/cookies.server";
import { siteOrigin } from "~/web/site-origin.server";
import { tooManyInit, waitMinutes } from "~/web/too-many.server";
import { visitTracking } from "./signup-form-settings.server";
import { submitSignup } from "./signup.server";

/**
 * The signup form's action, on /signup and on /members/{id}/signup (with that member's profile,
 * docs/product/landers.md#member-landing-pages). A new member of a brand that reveals accounts is
 * logged in and sees members who suit them first (/signup-matches); otherwise the mail goes on.
 */
export async function signupAction({ request, context }: Pick<ActionFunctionArgs, "request" | "context">, signupProfileId: number | null = null) {
  const tenant = requireTenant(context);
  if (context.member) throw redirect("/");
  const tracking = await visitTracking(request, tenant);
  if (!signupOpen(tenant.settings.signups, tracking)) throw redirect("/signup");
  const outcome = await submitSignup(await request.formData(), tenant, context, tracking, signupProfileId, await signupConsent(request));
  if (!outcome.ok) {
    const result = { result: outcome.reply, suggestion: outcome.suggestion, waitMinutes: outcome.retryAfterSeconds ? waitMinutes(outcome.retryAfterSeconds) : undefined };
    return data(result, outcome.retryAfterSeconds ? tooManyInit(outcome.retryAfterSeconds) : { status: 400 });
  }

  const origin = siteOrigin(request, tenant);
  if (!revealsAccounts(tenant)) {
    // The same answer whether the address was new or not: the link in the mail goes on.
    if (outcome.account) await sendActivationMail(tenant, { email: outcome.email, name: outcome.name, language: context.language }, outcome.account.activationToken, origin);
    else if (outcome.holder) await sendExistingAccountMail(tenant, outcome.holder, origin);
    return redirect("/signup/sent", { headers: { "Set-Cookie": await signupSentCookie.serialize(outcome.email) } });
  }
  if (!outcome.account) throw new Error("an existing address reached the signup of a brand that reveals accounts");
  await sendActivationMail(tenant, { email: outcome.email, name: outcome.name, language: context.language }, outcome.account.activationToken, origin);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await startSession(db(), { memberId: outcome.account.memberId, siteId: tenant.id, userAgent: request.headers.get("user-agent") }),
  );
  // The visit's tracking now lives on the account.
  headers.append("Set-Cookie", await trackingCookie.serialize("", { maxAge: 0 }));
  return redirect("/signup-matches", { headers });
}
