import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { confirmEmail } from "~/models/accounts/accounts.server";
import { consumeToken } from "~/models/accounts/email-tokens.server";
import { startSession } from "~/models/accounts/sessions.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { conversationAfterActivation } from "~/models/landers/pages/member-landing.server";

/**
 * The link in the activation mail: confirms the address once, then shows the result. A browser
 * that is not logged in as that member is logged in by it (the mail proves the address), which is
 * how a member of a brand that mails before it logs in (account-disclosure.ts) gets in at all.
 * A member who signed up on a member landing page lands in the conversation with that profile.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const used = await consumeToken(db(), params.token ?? "", "activate", tenant.id);
  if (!used) return redirect("/activate/error");
  await confirmEmail(db(), used.memberId);
  // Signed up on a member's landing page: straight into the conversation with that member.
  const next = (await conversationAfterActivation(db(), tenant, used.memberId)) ?? "/activate/done";
  if (context.member?.id === used.memberId) return redirect(next);
  const cookie = await startSession(db(), { memberId: used.memberId, siteId: tenant.id, userAgent: request.headers.get("user-agent") });
  return redirect(next, { headers: { "Set-Cookie": cookie } });
}
