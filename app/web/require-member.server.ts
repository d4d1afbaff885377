import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Tenant } from "~/tenancy/schema";
import { requireTenant } from "~/tenancy/require-tenant.server";
import type { CurrentMember } from "~/models/members/current-member";

/**
 * The logged-in member, or a redirect to login that comes back here afterwards. A member whose
 * session is gone is simply logged out (docs/product/api.md#errors).
 */
export function requireMember(request: Request, context: AppLoadContext): { tenant: Tenant; member: CurrentMember } {
  const tenant = requireTenant(context);
  if (!context.member) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  return { tenant, member: context.member };
}

/**
 * For the calls a page's script makes (docs/product/api.md#errors): the logged-in member, or a 403 with
 * `authentication_required`, after which the page logs the visitor out. A Response, not `data()`:
 * a resource route answers a thrown `data()` as Remix's own error JSON, without this body.
 */
export function requireApiMember(context: AppLoadContext): { tenant: Tenant; member: CurrentMember; sessionId: string } {
  const tenant = requireTenant(context);
  if (!context.member || !context.sessionId) throw Response.json({ error: "authentication_required" }, { status: 403, headers: { "Cache-Control": "no-store" } });
  return { tenant, member: context.member, sessionId: context.sessionId };
}
