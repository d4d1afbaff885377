import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "../../../db/client.server";
import { members } from "../../../db/schema";
import type { SystemDisableReason } from "~/domain/notification-types";

/** Postmark's bounce types after which an address takes no more mail; soft bounces and the like pass. */
const PERMANENT_BOUNCES = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated"]);

/** The part of Postmark's bounce and spam-complaint webhooks we read. */
const postmarkRecord = z.object({
  RecordType: z.string().max(40),
  Type: z.string().max(40).optional(),
  Email: z.string().email().max(320),
});

/**
 * What a Postmark webhook call means for our mails (docs/product/notifications.md#bounces-and-complaints):
 * a permanent bounce stops them as `bounce`, a spam complaint as `fbl`; anything else changes
 * nothing. Null for a body that is no such record.
 */
export function readPostmarkFeedback(body: unknown): { email: string; reason: SystemDisableReason } | { email: string; reason: null } | null {
  const parsed = postmarkRecord.safeParse(body);
  if (!parsed.success) return null;
  const { RecordType, Type, Email } = parsed.data;
  if (RecordType === "SpamComplaint" || Type === "SpamComplaint") return { email: Email, reason: "fbl" };
  if (RecordType === "Bounce" && Type && PERMANENT_BOUNCES.has(Type)) return { email: Email, reason: "bounce" };
  return { email: Email, reason: null };
}

/**
 * Stops the notification mails of every account with this address, on every brand: it is the
 * address that bounces or whose owner complained. The members then see the disabled-notifications
 * alert and can turn mails on again. Returns how many accounts it stopped.
 */
export async function stopMailsTo(db: Executor, email: string, reason: SystemDisableReason): Promise<number> {
  const stopped = await db
    .update(members)
    .set({ notificationsDisabled: sql`array_append(array_remove(${members.notificationsDisabled}, ${reason}::text), ${reason}::text)` })
    .where(eq(members.email, email.trim().toLowerCase()))
    .returning({ id: members.id });
  return stopped.length;
}
