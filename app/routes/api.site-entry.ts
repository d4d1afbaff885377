import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { visitTracking } from "~/models/accounts/pages/signup-form-settings.server";
import { countSiteVisit } from "~/models/console/brand-figures.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { siteEntryCookie } from "~/web/cookies.server";
import { safeRedirectPath } from "~/web/http.server";

/**
 * The visitor accepted the adult-content warning: remember when, count the visitor once for the
 * brand's figures (with the visit's traffic source), and go back.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const form = await request.formData();
  const passedBefore = typeof ((await siteEntryCookie.parse(request.headers.get("cookie"))) as unknown) === "number";
  if (!passedBefore) await countSiteVisit(db(), tenant, await visitTracking(request, tenant));
  const cookie = await siteEntryCookie.serialize(Date.now());
  return redirect(safeRedirectPath(form.get("redirectTo")), { status: 303, headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
