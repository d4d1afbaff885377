import { messageDelivered } from "../metrics/business.server";
import type { MemberSignal } from "./event-hub.server";

/** At most this many missed events are replayed; a stream that missed more is told to reload everything. */
export const REPLAY_MAX = 100;
/** Every open stream gets a comment this often, so proxies and browsers keep an idle connection. */
export const HEARTBEAT_MS = 25_000;
/** Every this many heartbeats the stream's session is checked (a revoked session ends the stream). */
export const SESSION_CHECK_EVERY = 2;
/** The clock ticks this many times per heartbeat, each time for one slot of the streams. */
const SLOTS = 25;

/**
 * Events of transactions that commit out of id order (two senders at once: the later id commits
 * first) are caught by also reading what was written this recently, whatever its id.
 */
export const LOOKBACK_MS = 10_000;
/** Ids already sent are remembered this far back, so a look back sends nothing twice. */
const SENT_MEMORY = 1_000;
/** How long a browser waits before it reconnects a stream that broke off (the EventSource `retry`). */
export const RECONNECT_MS = 5_000;
/**
 * When a stopping process ends its streams, their reconnects are spread over this much time per
 * stream (at most RECONNECT_SPREAD_MAX_MS): opening a stream costs a process several ms of CPU
 * (bench/RESULTS.md, "Open event streams"), so 10,000 browsers coming back in the same second
 * would hold the processes that take them over busy for a minute.
 */
export const RECONNECT_SPREAD_PER_STREAM_MS = 5;
export const RECONNECT_SPREAD_MAX_MS = 60_000;

export interface StreamEvent {
  id: number;
  kind: string;
  data: Record<string, number>;
  /** When it was stored: a message's delivery time is measured from it (docs/operations.md#metrics). */
  at?: Date;
}

/** What a stream needs from the outside world; the route wires it to the database and the hub. */
export interface StreamSources {
  /** Events after an id or written since a moment, oldest first. */
  eventsAfter(afterId: number, limit: number, writtenSince: Date): Promise<StreamEvent[]>;
  latestEventId(): Promise<number>;
  subscribe(listener: (signal: MemberSignal) => void): () => void;
  /** The session the stream was opened with: while it stands, the stream stays open. */
  sessionId: string;
  /** The clock that beats for the stream and checks its session (the process's, or a test's own). */
  clock: StreamClock;
  resyncKind: string;
}

/** What the clock does for one open stream. */
interface Ticked {
  sessionId: string;
  ping(): void;
  /** Ends the stream; with `reconnectAfterMs`, its browser is told to wait that long before it reconnects. */
  end(reconnectAfterMs?: number): void;
}

const PING = ": ping\n\n";

/**
 * One clock for every open stream of a process, instead of a timer and a session query per
 * stream (bench/RESULTS.md, "Open event streams"): the streams are spread over SLOTS slots, one
 * slot ticks at a time, and each tick pings the streams of its slot and, every
 * SESSION_CHECK_EVERY rounds, asks for all of their sessions in one query. Each stream is pinged
 * every HEARTBEAT_MS and its session checked every SESSION_CHECK_EVERY heartbeats, as before, at
 * a 25th of the wake-ups and a few hundredth of the queries.
 */
export class StreamClock {
  private readonly slots: Set<Ticked>[] = Array.from({ length: SLOTS }, () => new Set());
  private placed = 0;
  private ticks = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  /** `liveSessions` answers which of the given sessions still stand. */
  constructor(private readonly liveSessions: (sessionIds: string[]) => Promise<Set<string>>) {}

  /** Beats for a stream until the returned function is called; a stopped clock ends it at once. */
  add(stream: Ticked): () => void {
    if (this.stopped) {
      stream.end();
      return () => undefined;
    }
    // Round robin: streams opened together are spread over every slot, so no tick pings them all.
    const slot = this.slots[this.placed++ % SLOTS]!;
    slot.add(stream);
    this.timer ??= setInterval(() => void this.tick(), HEARTBEAT_MS / SLOTS).unref();
    return () => {
      slot.delete(stream);
      if (this.size === 0) this.halt();
    };
  }

  get size(): number {
    return this.slots.reduce((sum, slot) => sum + slot.size, 0);
  }

  /** One tick: the next slot's streams get their heartbeat, and every few rounds their sessions are checked. */
  async tick(): Promise<void> {
    const slot = this.slots[this.ticks % SLOTS]!;
    const round = Math.floor(this.ticks / SLOTS);
    this.ticks += 1;
    const streams = [...slot];
    for (const stream of streams) stream.ping();
    if ((round + 1) % SESSION_CHECK_EVERY !== 0 || streams.length === 0) return;
    let live: Set<string>;
    try {
      live = await this.liveSessions([...new Set(streams.map((stream) => stream.sessionId))]);
    } catch {
      // As a failed check of its own ended a stream before: the browser reconnects and replays.
      live = new Set();
    }
    for (const stream of streams) if (!live.has(stream.sessionId)) stream.end();
  }

  /** Ends every stream and every one added later (the process is stopping). */
  endAll(): void {
    this.stopped = true;
    const spread = Math.min(RECONNECT_SPREAD_MAX_MS, this.size * RECONNECT_SPREAD_PER_STREAM_MS);
    for (const slot of this.slots) for (const stream of [...slot]) stream.end(RECONNECT_MS + Math.floor(Math.random() * spread));
    this.halt();
  }

  private halt(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

let processClock: StreamClock | undefined;
let processStopping = false;

/** This process's clock; the first caller says how sessions are checked. */
export function processStreamClock(liveSessions: (sessionIds: string[]) => Promise<Set<string>>): StreamClock {
  if (!processClock) {
    processClock = new StreamClock(liveSessions);
    if (processStopping) processClock.endAll();
  }
  return processClock;
}

/** One server-sent event, as the EventSource protocol writes it. */
export function formatEvent(event: { id?: number; kind: string; data: Record<string, number> }): string {
  const id = event.id === undefined ? "" : `id: ${event.id}\n`;
  return `${id}event: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * Ends every open stream of this process, which is stopping: the browsers reconnect (to another
 * process) with their Last-Event-ID and miss nothing (docs/scaling.md#processes).
 */
export function endEventStreams(): void {
  processStopping = true;
  processClock?.endAll();
}

/** Where a stream's text goes: the HTTP response itself (app/web/member-events-endpoint.server.ts). */
export interface EventSink {
  write(text: string): void;
  /** Ends the response; called once, when the stream ends from within (a revoked session, a stopping process, a failed read). */
  end(): void;
}

/**
 * A member's live event stream, written to `sink`. It first replays what came after `lastEventId`
 * (the browser's Last-Event-ID on a reconnect, or the id the page's data was read at), then sends
 * each new event as the hub hears of it. Fetches are serialised: a signal during a fetch makes one
 * more fetch afterwards. Each read also looks back a few seconds (never before the stream started)
 * for events that committed out of id order; ids already sent are skipped. Returns the function
 * that stops it from outside (the client went away); `onEnd` hears that it ended, however it did.
 */
export function streamMemberEvents(sources: StreamSources, lastEventId: number | null, sink: EventSink, onEnd?: () => void): () => void {
  let closed = false;
  let leaveClock = () => undefined as void;
  let unsubscribe = () => undefined as void;
  const stop = () => {
    if (closed) return;
    closed = true;
    onEnd?.();
    leaveClock();
    unsubscribe();
  };
  const close = () => {
    if (closed) return;
    stop();
    sink.end();
  };
  const write = (text: string) => {
    if (!closed) sink.write(text);
  };
  // The look back reaches no further than the stream's start: what came before is the replay's part.
  const startedAt = Date.now();
  const sent = new Set<number>();
  const remember = (id: number) => {
    sent.add(id);
    if (sent.size > SENT_MEMORY) sent.delete(sent.values().next().value!);
  };
  let sentUpTo = 0;
  let fetching = false;
  let again = false;
  const resync = async () => {
    sentUpTo = await sources.latestEventId();
    write(formatEvent({ id: sentUpTo, kind: sources.resyncKind, data: {} }));
  };
  const fetchNew = async () => {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      do {
        again = false;
        const lookback = new Date(Math.max(Date.now() - LOOKBACK_MS, startedAt));
        const events = (await sources.eventsAfter(sentUpTo, REPLAY_MAX + 1, lookback)).filter((event) => !sent.has(event.id));
        if (events.length > REPLAY_MAX) {
          await resync();
          continue;
        }
        for (const event of events) {
          write(formatEvent(event));
          // A message written since the stream opened counts as delivered; a replay of older ones does not.
          if (event.kind === "message" && event.at && event.at.getTime() >= startedAt) messageDelivered(event.at);
          remember(event.id);
          sentUpTo = Math.max(sentUpTo, event.id);
        }
      } while (again && !closed);
    } catch {
      close();
    } finally {
      fetching = false;
    }
  };
  // Listening starts before the first read, so an event between the two is not lost.
  unsubscribe = sources.subscribe((signal) => {
    if (signal.eventId !== undefined) void fetchNew();
    else write(formatEvent({ kind: signal.kind, data: signal.data ?? {} }));
  });
  // The process's clock beats for the stream, not a timer of its own (bench/RESULTS.md, "Open event streams").
  leaveClock = sources.clock.add({
    sessionId: sources.sessionId,
    ping: () => write(PING),
    end: (reconnectAfterMs) => {
      if (reconnectAfterMs !== undefined) write(`retry: ${reconnectAfterMs}\n\n`);
      close();
    },
  });
  // A stopping process's clock ends the stream at once.
  if (closed) return stop;
  write(`retry: ${RECONNECT_MS}\n\n`);
  // Signals while the starting point is read wait for the first fetch below.
  fetching = true;
  void (async () => {
    try {
      const latest = await sources.latestEventId();
      // An id from before a reset, or another account's: the page reloads everything.
      if (lastEventId !== null && lastEventId > latest) await resync();
      else sentUpTo = lastEventId ?? latest;
    } catch {
      close();
      return;
    } finally {
      fetching = false;
    }
    await fetchNew();
  })();
  return stop;
}
