import { and, eq, gt, inArray, isNotNull } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { profiles, sessions } from "../../../db/schema";
import { hashSessionId } from "~/models/accounts/sessions.server";

/**
 * A visible page says so on load, when it becomes visible again and then every minute
 * (PRESENCE_HEARTBEAT_MS on the client); a report older than this counts as gone, so a browser
 * that crashed or lost its network stops counting as looking within a few minutes.
 */
export const VISIBLE_FOR_MS = 150_000;

/** Paths of at most this length are recorded; the site has no longer ones a member looks at. */
const MAX_PATH = 300;

/** Only a same-site path (not a full address or a protocol-relative one) is kept. */
export function presencePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_PATH || !value.startsWith("/") || value.startsWith("//")) return null;
  // A page's own path is URL-encoded: control characters, spaces and line separators only forge log lines (review N-L-9).
  if (/[\p{Cc}\p{Z}]/u.test(value)) return null;
  return value.split(/[?#]/, 1)[0] ?? null;
}

/** This browser shows `path` in a visible tab (docs/product/notifications.md#presence). */
export async function markPageVisible(db: Executor, sessionId: string, path: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ visiblePath: path, visibleAt: now, lastSeenAt: now }).where(eq(sessions.idHash, hashSessionId(sessionId)));
}

/** The page-hidden beacon: this browser no longer shows a page, and the member was last seen now. */
export async function markPageHidden(db: Executor, sessionId: string, memberId: number, now = new Date()): Promise<void> {
  await db.update(sessions).set({ visiblePath: null, visibleAt: null, lastSeenAt: now }).where(eq(sessions.idHash, hashSessionId(sessionId)));
  await db.update(profiles).set({ lastActiveAt: now }).where(eq(profiles.memberId, memberId));
}

/** Whether one of the member's browsers shows one of these paths in a visible tab right now. */
export async function isLookingAt(db: Executor, memberId: number, paths: string[], now = new Date()): Promise<boolean> {
  if (paths.length === 0) return false;
  const [row] = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), inArray(sessions.visiblePath, paths), gt(sessions.visibleAt, new Date(now.getTime() - VISIBLE_FOR_MS))))
    .limit(1);
  return row !== undefined;
}

/** Whether the member has any page of the site open in a visible tab right now. */
export async function hasVisiblePage(db: Executor, memberId: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), isNotNull(sessions.visiblePath), gt(sessions.visibleAt, new Date(now.getTime() - VISIBLE_FOR_MS))))
    .limit(1);
  return row !== undefined;
}

/** A page-bounce report from a hidden page's beacon (`?lb`): a path of the site and whole milliseconds. */
export function pageBounce(body: unknown): { path: string; ms: number } | null {
  if (!body || typeof body !== "object") return null;
  const { lb, path, ms } = body as Record<string, unknown>;
  const sitePath = presencePath(path);
  if (lb !== true || !sitePath || typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) return null;
  return { path: sitePath, ms: Math.round(Math.min(ms, 86_400_000)) };
}
