import type { MemberSignal } from "./event-hub.server";

/** At most this many missed events are replayed; a stream that missed more is told to reload everything. */
export const REPLAY_MAX = 100;
const HEARTBEAT_MS = 25_000;
/** Every this many heartbeats the stream checks that its session still stands (a revoked session ends it). */
const SESSION_CHECK_EVERY = 2;

export interface StreamEvent {
  id: number;
  kind: string;
  data: Record<string, number>;
}

/** What a stream needs from the outside world; the route wires it to the database and the hub. */
export interface StreamSources {
  /** Events after an id, oldest first. */
  eventsAfter(afterId: number, limit: number): Promise<StreamEvent[]>;
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

/**
 * A member's live event stream. It first replays what came after `lastEventId` (the browser's
 * Last-Event-ID on a reconnect), then sends each new event as the hub hears of it. Fetches are
 * serialised: a signal during a fetch makes one more fetch afterwards, so nothing is skipped and
 * nothing is sent twice.
 */
export function memberEventStream(sources: StreamSources, lastEventId: number | null, abort: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup = () => undefined as void;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      let sentUpTo = 0;
      let fetching = false;
      let again = false;
      const fetchNew = async () => {
        if (fetching) {
          again = true;
          return;
        }
        fetching = true;
        try {
          do {
            again = false;
            const events = await sources.eventsAfter(sentUpTo, REPLAY_MAX + 1);
            if (events.length > REPLAY_MAX) {
              sentUpTo = await sources.latestEventId();
              write(formatEvent({ id: sentUpTo, kind: sources.resyncKind, data: {} }));
            } else {
              for (const event of events) write(formatEvent(event));
              sentUpTo = events.at(-1)?.id ?? sentUpTo;
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
      const close = () => {
        if (closed) return;
        cleanup();
        try {
          controller.close();
        } catch {
          // The reader went away first.
        }
      };
      cleanup = () => {
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        abort.removeEventListener("abort", close);
      };
      abort.addEventListener("abort", close);
      write("retry: 5000\n\n");
      // Signals while the starting point is read wait for the first fetch below.
      fetching = true;
      try {
        sentUpTo = lastEventId ?? (await sources.latestEventId());
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
