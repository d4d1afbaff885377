import { messageDelivered } from "../metrics/business.server";
import type { MemberSignal } from "./event-hub.server";

/** At most this many missed events are replayed; a stream that missed more is told to reload everything. */
export const REPLAY_MAX = 100;
const HEARTBEAT_MS = 25_000;
/** Every this many heartbeats the stream checks that its session still stands (a revoked session ends it). */
const SESSION_CHECK_EVERY = 2;

/**
 * Events of transactions that commit out of id order (two senders at once: the later id commits
 * first) are caught by also reading what was written this recently, whatever its id.
 */
export const LOOKBACK_MS = 10_000;
/** Ids already sent are remembered this far back, so a look back sends nothing twice. */
const SENT_MEMORY = 1_000;

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
  sessionIsLive(): Promise<boolean>;
  resyncKind: string;
}

/** One server-sent event, as the EventSource protocol writes it. */
export function formatEvent(event: { id?: number; kind: string; data: Record<string, number> }): string {
  const id = event.id === undefined ? "" : `id: ${event.id}\n`;
  return `${id}event: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

const processStopping = new AbortController();

/**
 * Ends every open stream of this process, which is stopping: the browsers reconnect (to another
 * process) with their Last-Event-ID and miss nothing (docs/scaling.md#processes).
 */
export function endEventStreams(): void {
  processStopping.abort();
}

/**
 * A member's live event stream. It first replays what came after `lastEventId` (the browser's
 * Last-Event-ID on a reconnect, or the id the page's data was read at), then sends each new event
 * as the hub hears of it. Fetches are serialised: a signal during a fetch makes one more fetch
 * afterwards. Each read also looks back a few seconds (never before the stream started) for
 * events that committed out of id order; ids already sent are skipped. `onEnd` hears that it ended, however it did.
 */
export function memberEventStream(sources: StreamSources, lastEventId: number | null, requestAbort: AbortSignal, onEnd?: () => void): ReadableStream<Uint8Array> {
  const abort = AbortSignal.any([requestAbort, processStopping.signal]);
  const encoder = new TextEncoder();
  let cleanup = () => undefined as void;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const close = () => {
        if (closed) return;
        cleanup();
        try {
          controller.close();
        } catch {
          // The reader went away first.
        }
      };
      // The client may be gone before the stream starts: then there is nothing to set up.
      if (abort.aborted) {
        closed = true;
        onEnd?.();
        controller.close();
        return;
      }
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
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
      const unsubscribe = sources.subscribe((signal) => {
        if (signal.eventId !== undefined) void fetchNew();
        else write(formatEvent({ kind: signal.kind, data: signal.data ?? {} }));
      });
      let beats = 0;
      const heartbeat = setInterval(() => {
        write(": ping\n\n");
        beats += 1;
        if (beats % SESSION_CHECK_EVERY === 0) {
          sources.sessionIsLive().then((live) => live || close(), close);
        }
      }, HEARTBEAT_MS);
      let cleaned = false;
      cleanup = () => {
        closed = true;
        if (cleaned) return;
        cleaned = true;
        onEnd?.();
        clearInterval(heartbeat);
        unsubscribe();
        abort.removeEventListener("abort", close);
      };
      abort.addEventListener("abort", close);
      write("retry: 5000\n\n");
      // Signals while the starting point is read wait for the first fetch below.
      fetching = true;
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
    },
    cancel() {
      cleanup();
    },
  });
}
