import { and, asc, eq, gt, lt, max, or, sql } from "drizzle-orm";
import { resultRows, type Executor } from "../../../db/client.server";
import { memberEvents } from "../../../db/schema";
import { encodeSignal, eventHub, MEMBER_EVENTS_CHANNEL } from "~/services/realtime/event-hub.server";
import type { MemberEventKind } from "./member-event-kinds";

export interface StoredEvent {
  id: number;
  kind: string;
  data: Record<string, number>;
  at: Date;
}

export interface NewEvent {
  memberId: number;
  kind: MemberEventKind;
  data?: Record<string, number>;
}

/**
 * Records events for members and notifies every server process, in one statement. Inside a
 * transaction the notifications go out at commit, so nobody hears of what was rolled back. The
 * local hub hears at once too: this process's caches forget the members before the writer's
 * next request. Returns the events' ids in the order given.
 */
export async function publishEvents(db: Executor, events: NewEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  const input = JSON.stringify(events.map((event, position) => ({ position, member_id: event.memberId, kind: event.kind, data: event.data ?? {} })));
  const rows = resultRows<{ id: number | string }>(
    await db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as x(position int, member_id bigint, kind text, data jsonb)
      ), inserted as (
        insert into ${memberEvents} (member_id, kind, data)
        select member_id, kind, data from input order by position
        returning id, member_id, kind
      )
      select id, pg_notify(${MEMBER_EVENTS_CHANNEL}, json_build_object('memberId', member_id, 'kind', kind, 'eventId', id)::text)
      from inserted order by id`),
  );
  for (const event of events) eventHub().touch(event.memberId);
  return rows.map((row) => Number(row.id));
}

/** One event: see publishEvents. */
export async function publishEvent(db: Executor, memberId: number, kind: MemberEventKind, data: Record<string, number> = {}): Promise<number> {
  const [id] = await publishEvents(db, [{ memberId, kind, data }]);
  return id!;
}

/** A passing signal that is not stored or replayed (typing). */
export async function signalMember(db: Executor, memberId: number, kind: MemberEventKind, data: Record<string, number>): Promise<void> {
  await notify(db, { memberId, kind, data });
}

async function notify(db: Executor, signal: Parameters<typeof encodeSignal>[0]): Promise<void> {
  await db.execute(sql`select pg_notify(${MEMBER_EVENTS_CHANNEL}, ${encodeSignal(signal)})`);
}

/** A member's events after `afterId` (and, with `writtenSince`, any written since then), oldest first. */
export function eventsAfter(db: Executor, memberId: number, afterId: number, limit: number, writtenSince?: Date): Promise<StoredEvent[]> {
  return db
    .select({ id: memberEvents.id, kind: memberEvents.kind, data: memberEvents.data, at: memberEvents.createdAt })
    .from(memberEvents)
    .where(and(eq(memberEvents.memberId, memberId), writtenSince ? or(gt(memberEvents.id, afterId), gt(memberEvents.createdAt, writtenSince)) : gt(memberEvents.id, afterId)))
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
