import { and, asc, eq, gt, lt, max, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { memberEvents } from "../../db/schema/index";
import { encodeSignal, eventHub, MEMBER_EVENTS_CHANNEL, type MemberSignal } from "~/services/realtime/event-hub.server";
import type { MemberEventKind } from "./member-event-kinds";

export interface StoredEvent {
  id: number;
  kind: string;
  data: Record<string, number>;
}

/**
 * Records an event for a member and notifies every server process. Inside a transaction the
 * notification goes out at commit, so nobody hears of what was rolled back. The local hub hears
 * at once too: this process's caches forget the member before the writer's next request.
 */
export async function publishEvent(db: Executor, memberId: number, kind: MemberEventKind, data: Record<string, number> = {}): Promise<number> {
  const [row] = await db.insert(memberEvents).values({ memberId, kind, data }).returning({ id: memberEvents.id });
  const signal: MemberSignal = { memberId, kind, eventId: row!.id };
  await notify(db, signal);
  eventHub().touch(memberId);
  return row!.id;
}

/** A passing signal that is not stored or replayed (typing). */
export async function signalMember(db: Executor, memberId: number, kind: MemberEventKind, data: Record<string, number>): Promise<void> {
  await notify(db, { memberId, kind, data });
}

async function notify(db: Executor, signal: MemberSignal): Promise<void> {
  await db.execute(sql`select pg_notify(${MEMBER_EVENTS_CHANNEL}, ${encodeSignal(signal)})`);
}

/** A member's events after `afterId`, oldest first. */
export function eventsAfter(db: Executor, memberId: number, afterId: number, limit: number): Promise<StoredEvent[]> {
  return db
    .select({ id: memberEvents.id, kind: memberEvents.kind, data: memberEvents.data })
    .from(memberEvents)
    .where(and(eq(memberEvents.memberId, memberId), gt(memberEvents.id, afterId)))
    .orderBy(asc(memberEvents.id))
    .limit(limit);
}

/** The id a new stream starts after: the member's newest event, or 0. */
export async function latestEventId(db: Executor, memberId: number): Promise<number> {
  const [row] = await db.select({ id: max(memberEvents.id) }).from(memberEvents).where(eq(memberEvents.memberId, memberId));
  return row?.id ?? 0;
}

/** Events are for streams that were away a short while; older ones go. */
export async function pruneEvents(db: Executor, olderThan: Date): Promise<void> {
  await db.delete(memberEvents).where(lt(memberEvents.createdAt, olderThan));
}
