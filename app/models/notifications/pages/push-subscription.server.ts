import { db } from "~/db.server";
import { env } from "~/env.server";
import type { CurrentMember } from "~/models/members/current-member";
import { savePushSubscription, type PushSubscriptionInput } from "~/models/notifications/push-subscriptions.server";
import { isAllowedPushEndpoint } from "~/services/push/web-push.server";

/**
 * Stores the push subscription the browser made for the member (docs/product/notifications.md#push),
 * for POST /api/push/subscribe and POST /api/user.php?push=1. Only the browsers' push services: the
 * server would otherwise call any address a member names.
 */
export async function subscribeToPush(member: CurrentMember, subscription: PushSubscriptionInput): Promise<"saved" | "unknown_push_service"> {
  if (!isAllowedPushEndpoint(subscription.endpoint, env().pushEndpointHosts)) return "unknown_push_service";
  await savePushSubscription(db(), member.id, subscription);
  return "saved";
}
