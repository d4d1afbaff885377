import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { sendActivationMail } from "~/models/accounts/account-mail.server";
import { newActivationToken } from "~/models/accounts/accounts.server";
import { countTokensSince } from "~/models/accounts/email-tokens.server";
import { setFlash, type Flash } from "~/web/flash.server";
import { safeRedirectPath } from "~/web/http.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { siteOrigin } from "~/web/site-origin.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";

/** Activation mails a member may ask for per hour. */
const RESENDS_PER_HOUR = 3;

/** Sends a new activation link to a logged-in member who has not confirmed yet. */
export async function action({ request, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const member = context.member;
  if (!member) throw redirect("/login");
  const back = safeRedirectPath((await request.formData()).get("redirectTo"));
  const answer = async (flash: Flash) => redirect(back, { status: 303, headers: { "Set-Cookie": await setFlash(flash) } });
  if (member.status !== "not_confirmed") return answer({ tone: "info", key: "unconfirmed.alreadyConfirmed" });
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.activationResendPerAddress, context.clientIp]]);
  if (!counted.ok) return answer({ tone: "danger", key: "unconfirmed.tooMany" });
  const recent = await countTokensSince(db(), member.id, "activate", new Date(Date.now() - 60 * 60 * 1000));
  if (recent >= RESENDS_PER_HOUR) return answer({ tone: "danger", key: "unconfirmed.tooMany" });
  const token = await newActivationToken(db(), member.id);
  await sendActivationMail(tenant, member, token, siteOrigin(request, tenant));
  return answer({ tone: "success", key: "unconfirmed.sent" });
}

export function loader() {
  return redirect("/");
}
