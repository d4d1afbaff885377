import { isIP } from "node:net";
import { desc, eq, lt } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { securityEvents } from "../../../db/schema";
import { deviceName } from "~/utils/device-name";

/** What the security log records; each has a text in the catalogue (security `activity.kinds.*`). */
export const SECURITY_EVENT_KINDS = [
  "login",
  "login_failed",
  "logout",
  "sessions_ended",
  "password_changed",
  "password_reset",
  "email_changed",
  "deletion_requested",
  "reactivated",
  "payment",
  "payment_reversed",
  "direct_debit_requested",
  "data_export_requested",
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** An address shortened to its network: enough to tell "my home" from "abroad", not to find a person. */
export function addressNetwork(address: string | null | undefined): string | null {
  if (!address) return null;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(plain) === 4) return `${plain.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIP(plain) === 6) {
    const groups = plain.split("::")[0]!.split(":").filter(Boolean);
    return `${[...groups, "0", "0", "0"].slice(0, 3).join(":")}::/48`;
  }
  return null;
}

/** Appends an event to the member's security log (review L-11). */
export async function recordSecurityEvent(
  db: Executor,
  event: { memberId: number; siteId: string; kind: SecurityEventKind; ip?: string | null; userAgent?: string | null; now?: Date },
): Promise<void> {
  const device = deviceName(event.userAgent ?? null);
  await db.insert(securityEvents).values({
    memberId: event.memberId,
    siteId: event.siteId,
    kind: event.kind,
    network: addressNetwork(event.ip),
    device: [device.browser, device.system].filter(Boolean).join(" / ") || null,
    createdAt: event.now ?? new Date(),
  });
}

/** The member's recent activity, newest first. */
export async function recentSecurityEvents(db: Executor, memberId: number, limit = 30) {
  return db
    .select({ kind: securityEvents.kind, network: securityEvents.network, device: securityEvents.device, createdAt: securityEvents.createdAt })
    .from(securityEvents)
    .where(eq(securityEvents.memberId, memberId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit);
}

/** Events are kept a year. */
export async function pruneSecurityEvents(db: Executor, now = new Date()): Promise<number> {
  const removed = await db.delete(securityEvents).where(lt(securityEvents.createdAt, new Date(now.getTime() - YEAR_MS))).returning({ id: securityEvents.id });
  return removed.length;
}
