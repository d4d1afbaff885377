import { z } from "zod";
import type { Executor } from "../../../db/client.server";
import { pushSubscriptions } from "../../../db/schema";

/** What PushSubscription.toJSON() gives in the browser. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().startsWith("https://").max(1000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Stores (or moves to this member) a browser's subscription. */
export async function savePushSubscription(db: Executor, memberId: number, subscription: PushSubscriptionInput): Promise<void> {
  const values = { memberId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  await db.insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}
