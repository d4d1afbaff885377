import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { isAlertName, snoozePrompt } from "~/models/notifications/pages/alerts.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { safeRedirectPath } from "~/web/http.server";

/** "Later" on an account prompt: stored for the member; works as a plain form post and through a fetcher. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireTenant(context);
  const form = await request.formData();
  const alert = form.get("alert");
  const back = safeRedirectPath(form.get("redirectTo"));
  if (context.member && isAlertName(alert)) await snoozePrompt(db(), context.member.id, alert);
  return redirect(back, 303);
}

export function loader() {
  return redirect("/");
}
