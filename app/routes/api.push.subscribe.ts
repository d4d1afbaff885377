import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { pushSubscriptionSchema, savePushSubscription } from "~/models/notifications/push-subscriptions.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

/** Stores the push subscription the browser made for the logged-in member. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireTenant(context);
  if (!context.member) return data({ ok: false, error: "authentication_required" }, { status: 403 });
  const parsed = pushSubscriptionSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ ok: false, error: "invalid_subscription" }, { status: 400 });
  await savePushSubscription(db(), context.member.id, parsed.data);
  return data({ ok: true });
}

export function loader() {
  return redirect("/");
}
