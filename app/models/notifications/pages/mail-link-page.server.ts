import { redirect, type AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import { startSession } from "~/models/accounts/sessions.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { notFound, safeRedirectPath } from "~/web/http.server";
import { openMailLink, peekMailLink } from "../mail-links.server";

/**
 * Following a notification mail's link (docs/product/notifications.md#mail-links): the member is
 * logged in and lands on the page the mail is about. A link used before or expired asks to log in
 * and then goes to the same page. A browser where another member is logged in stays theirs: the
 * link is then left unused for its owner, and the page opens for whoever is logged in.
 */
export async function followMailLink(request: Request, context: AppLoadContext, token: string): Promise<never> {
  const tenant = requireTenant(context);
  if (context.member) {
    const peeked = await peekMailLink(db(), token, tenant.id);
    if (!peeked) notFound();
    throw redirect(safeRedirectPath(peeked));
  }
  const opened = await openMailLink(db(), token, tenant.id);
  if (!opened) notFound();
  const target = safeRedirectPath(opened.targetPath);
  if (opened.status === "spent") throw redirect(`/login?redirectTo=${encodeURIComponent(target)}&link=spent`);
  const cookie = await startSession(db(), { memberId: opened.memberId, siteId: tenant.id, userAgent: request.headers.get("user-agent") });
  throw redirect(target, { headers: { "Set-Cookie": cookie } });
}
