import type { DatabaseHandle } from "../../../db/client.server";
import { databaseHandle } from "../../../db/database.server";
import { listenConnects, listenUp } from "../metrics/database.server";

/** The one notification channel of member events. */
export const MEMBER_EVENTS_CHANNEL = "member_events";

/**
 * A notification about one member: which stored event to fetch (`eventId`), or for a passing
 * signal such as typing, the ids it concerns. Ids and small numbers only, never content.
 */
export interface MemberSignal {
  memberId: number;
  kind: string;
  eventId?: number;
  data?: Record<string, number>;
}

type Listener = (signal: MemberSignal) => void;

/** The notification payload: short, and parsed defensively on the way back. */
export function encodeSignal(signal: MemberSignal): string {
  return JSON.stringify(signal);
}

export function decodeSignal(payload: string): MemberSignal | null {
  try {
    const value = JSON.parse(payload) as Partial<MemberSignal>;
    if (typeof value.memberId !== "number" || typeof value.kind !== "string") return null;
    return {
      memberId: value.memberId,
      kind: value.kind,
      eventId: typeof value.eventId === "number" ? value.eventId : undefined,
      data: numbersOnly(value.data),
    };
  } catch {
    return null;
  }
}

function numbersOnly(data: unknown): Record<string, number> | undefined {
  if (!data || typeof data !== "object") return undefined;
  return Object.fromEntries(Object.entries(data).filter((entry): entry is [string, number] => typeof entry[1] === "number"));
}

/**
 * Fans member events out to whoever in this process waits for them: the open event streams of
 * that member and the caches that must forget what they knew of the member. Every server
 * process has one hub listening on the database, so an event published by any process reaches
 * every other one (PostgreSQL NOTIFY after commit; PGlite in process).
 */
export class EventHub {
  private readonly byMember = new Map<number, Set<Listener>>();
  private readonly changeListeners = new Set<(memberId: number) => void>();
  private listening: Promise<() => Promise<void>> | undefined;

  /** The database is asked for only when listening starts. */
  constructor(private readonly database: () => Pick<DatabaseHandle, "listen">) {}

  /** Starts listening; resolves once notifications will arrive. */
  start(): Promise<void> {
    this.listening ??= this.database().listen(
      MEMBER_EVENTS_CHANNEL,
      (payload) => {
        const signal = decodeSignal(payload);
        if (signal) this.deliver(signal);
      },
      () => {
        listenConnects.inc();
        listenUp.set(1);
      },
    );
    return this.listening.then(() => undefined);
  }

  get started(): boolean {
    return this.listening !== undefined;
  }

  /** Calls `listener` for every signal about one member until the returned function is called. */
  subscribe(memberId: number, listener: Listener): () => void {
    let set = this.byMember.get(memberId);
    if (!set) this.byMember.set(memberId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      // Only this set: a newer one for the same member stays.
      if (set.size === 0 && this.byMember.get(memberId) === set) this.byMember.delete(memberId);
    };
  }

  /** Calls `listener` with the member of every signal, and of every local change (`touch`). */
  onMemberChange(listener: (memberId: number) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** This process changed what a member should see: its caches forget the member now, before the notification arrives. */
  touch(memberId: number): void {
    for (const listener of this.changeListeners) listener(memberId);
  }

  /** How many listeners wait for this member (for tests and diagnostics). */
  listenerCount(memberId: number): number {
    return this.byMember.get(memberId)?.size ?? 0;
  }

  deliver(signal: MemberSignal): void {
    this.touch(signal.memberId);
    for (const listener of this.byMember.get(signal.memberId) ?? []) listener(signal);
  }

  async stop(): Promise<void> {
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await (await listening)();
    listenUp.set(0);
  }
}

let processHub: EventHub | undefined;

/** This process's hub, on the process-wide database. */
export function eventHub(): EventHub {
  processHub ??= new EventHub(databaseHandle);
  return processHub;
}

/** Tests hand in a hub of their own (or none, to get a fresh one on the next call). */
export function setEventHub(hub: EventHub | undefined): void {
  processHub = hub;
}
