import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { siteEntryCookie } from "~/web/cookies.server";
import { safeRedirectPath } from "~/web/http.server";

/** The visitor accepted the adult-content warning: remember when, and go back. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireTenant(context);
  const form = await request.formData();
  const cookie = await siteEntryCookie.serialize(Date.now());
  return redirect(safeRedirectPath(form.get("redirectTo")), { status: 303, headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
