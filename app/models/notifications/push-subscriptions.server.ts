import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../../db/client.server";
import { pushSubscriptions } from "../../../db/schema";

/** What PushSubscription.toJSON() gives in the browser; the endpoint is checked against the known push services too. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(1000),
  keys: z.object({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{40,200}$/), auth: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) }),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Stores (or moves to this member) a browser's subscription. */
export async function savePushSubscription(db: Executor, memberId: number, subscription: PushSubscriptionInput): Promise<void> {
  const values = { memberId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  await db.insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** Forgets a browser's subscription (the member turned push off there); only the member's own. */
export async function deletePushSubscription(db: Executor, memberId: number, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)));
}
