import { redirect, type AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import { tokenHolder } from "~/models/accounts/email-tokens.server";
import { linkPage, linkPostRefused, loginFromLink, type LinkPage } from "~/models/accounts/pages/link-login.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { notFound, safeRedirectPath } from "~/web/http.server";
import { openMailLink, peekMailLink } from "../mail-links.server";

/** Where a link used before or expired sends the visitor: the login, then the same page. */
function spentLink(targetPath: string): never {
  throw redirect(`/login?redirectTo=${encodeURIComponent(safeRedirectPath(targetPath))}&link=spent`);
}

/**
 * Opening a notification mail's link (docs/product/notifications.md#mail-links): in a browser
 * where a member is logged in, the page the mail is about, for whoever is logged in (the link
 * stays unused for its owner). Otherwise the link's page with one button, which uses nothing: a
 * GET or HEAD never logs a browser in (review N-M-5). A link used before or expired asks to log in
 * and then goes to the same page.
 */
export async function mailLinkPage(context: AppLoadContext, token: string): Promise<LinkPage> {
  const tenant = requireTenant(context);
  const target = await peekMailLink(db(), token, tenant.id);
  if (target === null) notFound();
  if (context.member) throw redirect(safeRedirectPath(target));
  const holder = await tokenHolder(db(), token, "login_link", tenant.id);
  if (!holder) spentLink(target);
  return linkPage(context, tenant, "login", holder.name);
}

/**
 * The link page's button: uses the link once and logs its member in, through the login's last step
 * (two-step login asks for the code first), landing on the page the mail is about.
 */
export async function followMailLink(request: Request, context: AppLoadContext, token: string) {
  const tenant = requireTenant(context);
  if (context.member) {
    const peeked = await peekMailLink(db(), token, tenant.id);
    if (peeked === null) notFound();
    throw redirect(safeRedirectPath(peeked));
  }
  const refused = await linkPostRefused(tenant, context);
  if (refused) return refused;
  const opened = await openMailLink(db(), token, tenant.id);
  if (!opened) notFound();
  if (opened.status === "spent") spentLink(opened.targetPath);
  throw await loginFromLink(tenant, request, context, opened.memberId, safeRedirectPath(opened.targetPath));
}
