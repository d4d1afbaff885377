import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db } from "~/db.server";
import type { Tenant } from "~/tenancy/schema";
import { checkLogin } from "~/models/accounts/accounts.server";

/** Why a login was refused, as a catalogue key (and the minutes of a block). */
export class LoginRefused extends Error {
  constructor(
    readonly key: "login.failed" | "login.blocked" | "login.deleting" | "login.disabled",
    readonly minutes = 0,
    /** For "login.deleting" the account that may be reactivated; for "login.disabled" the one switched off. */
    readonly memberId: number | null = null,
  ) {
    super(key);
  }
}

/**
 * remix-auth with a form strategy, made for this request's site and address: returns the id of
 * the member whose e-mail and password match, or throws LoginRefused.
 */
export function loginAuthenticator(tenant: Tenant, context: AppLoadContext): Authenticator<number> {
  const authenticator = new Authenticator<number>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const email = String(form.get("email") ?? "");
      const password = String(form.get("password") ?? "");
      const result = await checkLogin(db(), { siteId: tenant.id, email, password, ip: context.clientIp, userAgent: request.headers.get("user-agent") });
      if (result.ok) return result.memberId;
      if ("deletingMemberId" in result) throw new LoginRefused("login.deleting", 0, result.deletingMemberId);
      if ("disabledMemberId" in result) throw new LoginRefused("login.disabled", 0, result.disabledMemberId);
      throw result.blockedMinutes > 0 ? new LoginRefused("login.blocked", result.blockedMinutes) : new LoginRefused("login.failed");
    }),
    "form",
  );
  return authenticator;
}
