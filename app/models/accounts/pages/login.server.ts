import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db } from "~/db.server";
import type { BanReason } from "~/domain/moderation-reasons";
import type { Tenant } from "~/tenancy/schema";
import { checkLogin } from "~/models/accounts/accounts.server";
import { mailReactivationLink } from "~/models/accounts/account-deletion.server";
import { noticeAccountLocked } from "~/models/accounts/lock-notice.server";
import { startSession } from "~/models/accounts/sessions.server";
import { twoFactorEnabled } from "~/models/accounts/two-factor.server";
import { banReasonOf } from "~/models/moderation/bans.server";
import { banNoticeCookie, loginStepCookie } from "~/web/cookies.server";
import { siteOrigin } from "~/web/site-origin.server";

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
 * The member whose e-mail and password match on this site, or LoginRefused; the throttle and the
 * security log are checkLogin's (docs/product/accounts.md#login).
 */
export async function verifyPassword(tenant: Tenant, context: AppLoadContext, credentials: { email: string; password: string }, userAgent: string | null): Promise<number> {
  const result = await checkLogin(db(), { siteId: tenant.id, email: credentials.email, password: credentials.password, ip: context.clientIp, userAgent });
  if (result.ok) return result.memberId;
  if ("deletingMemberId" in result) throw new LoginRefused("login.deleting", 0, result.deletingMemberId);
  if ("disabledMemberId" in result) throw new LoginRefused("login.disabled", 0, result.disabledMemberId);
  // This guess blocked the account: its owner hears of it (review L-4).
  if ("lockedMemberId" in result && result.lockedMemberId !== undefined) await noticeAccountLocked(db(), tenant, result.lockedMemberId);
  throw result.blockedMinutes > 0 ? new LoginRefused("login.blocked", result.blockedMinutes) : new LoginRefused("login.failed");
}

/**
 * remix-auth with a form strategy, made for this request's site and address: returns the id of
 * the member whose e-mail and password match, or throws LoginRefused.
 */
export function loginAuthenticator(tenant: Tenant, context: AppLoadContext): Authenticator<number> {
  const authenticator = new Authenticator<number>();
  authenticator.use(
    new FormStrategy(({ form, request }) =>
      verifyPassword(tenant, context, { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") }, request.headers.get("user-agent")),
    ),
    "form",
  );
  return authenticator;
}

/** What a checked password leads to; the login page and the API's login answer each in their own way. */
export type LoginOutcome =
  /** Logged in: the session cookie. */
  | { kind: "session"; memberId: number; cookie: string }
  /** Two-step login: the cookie that carries the first step to the code page. */
  | { kind: "secondStep"; cookie: string }
  /** Switched off by staff: the cookie that lets the ban page say why. */
  | { kind: "disabled"; cookie: string; reason: BanReason | null }
  | { kind: "refused"; key: "login.failed" | "login.blocked" | "login.deleting"; minutes: number };

/**
 * The rest of a login once the password was checked (docs/product/accounts.md#login): with
 * two-step login the password alone opens nothing; an account being deleted gets its reactivation
 * link; a switched-off one learns why, without a session.
 */
export async function finishLogin(tenant: Tenant, request: Request, checked: number | LoginRefused): Promise<LoginOutcome> {
  if (checked instanceof LoginRefused) {
    if (checked.key === "login.disabled") {
      const reason = await banReasonOf(db(), checked.memberId!);
      return { kind: "disabled", cookie: await banNoticeCookie.serialize(reason), reason };
    }
    if (checked.key === "login.deleting" && checked.memberId !== null) await mailReactivationLink(db(), tenant, checked.memberId, siteOrigin(request, tenant));
    return { kind: "refused", key: checked.key, minutes: checked.minutes };
  }
  if (await twoFactorEnabled(db(), checked)) {
    return { kind: "secondStep", cookie: await loginStepCookie.serialize({ memberId: checked, expires: Date.now() + 5 * 60_000 }) };
  }
  return { kind: "session", memberId: checked, cookie: await startSession(db(), { memberId: checked, siteId: tenant.id, userAgent: request.headers.get("user-agent") }) };
}

/** The password checked, as finishLogin takes it: the member's id or the refusal. */
export async function checkedPassword(check: Promise<number>): Promise<number | LoginRefused> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof LoginRefused) return error;
    throw error;
  }
}
