import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { dismissedAlerts, isAlertName } from "~/models/notifications/pages/alerts.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { dismissedAlertsCookie } from "~/web/cookies.server";
import { safeRedirectPath } from "~/web/http.server";

/** Stores when an alert was dismissed; works as a plain form post and through a fetcher. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireTenant(context);
  const form = await request.formData();
  const alert = form.get("alert");
  const back = safeRedirectPath(form.get("redirectTo"));
  if (!isAlertName(alert)) return redirect(back, 303);
  const dismissed = { ...(await dismissedAlerts(request)), [alert]: Date.now() };
  return redirect(back, { status: 303, headers: { "Set-Cookie": await dismissedAlertsCookie.serialize(dismissed) } });
}

export function loader() {
  return redirect("/");
}
