import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { pushSubscriptionSchema, savePushSubscription } from "~/models/notifications/push-subscriptions.server";
import { isAllowedPushEndpoint } from "~/services/push/web-push.server";
import { requireApiMember } from "~/web/require-member.server";

/** Stores the push subscription the browser made for the logged-in member (docs/product/notifications.md#push). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireApiMember(context);
  const parsed = pushSubscriptionSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ ok: false, error: "invalid_subscription" }, { status: 400 });
  // Only the browsers' push services: the server would otherwise call any address a member names.
  if (!isAllowedPushEndpoint(parsed.data.endpoint, env().pushEndpointHosts)) return Response.json({ ok: false, error: "unknown_push_service" }, { status: 400 });
  await savePushSubscription(db(), member.id, parsed.data);
  return Response.json({ ok: true });
}

export function loader() {
  return redirect("/");
}
