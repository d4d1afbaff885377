import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { pushSubscriptionSchema } from "~/models/notifications/push-subscriptions.server";
import { subscribeToPush } from "~/models/notifications/pages/push-subscription.server";
import { requireApiMember } from "~/web/require-member.server";

/** Stores the push subscription the browser made for the logged-in member (docs/product/notifications.md#push). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireApiMember(context);
  const parsed = pushSubscriptionSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ ok: false, error: "invalid_subscription" }, { status: 400 });
  if ((await subscribeToPush(member, parsed.data)) === "unknown_push_service") return Response.json({ ok: false, error: "unknown_push_service" }, { status: 400 });
  return Response.json({ ok: true });
}

export function loader() {
  return redirect("/");
}
