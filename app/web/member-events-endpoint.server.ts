import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import { liveSessionIds } from "~/models/accounts/sessions.server";
import { RESYNC_EVENT } from "~/models/notifications/member-event-kinds";
import { eventsAfter, latestEventId } from "~/models/notifications/member-events.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { eventHub } from "~/services/realtime/event-hub.server";
import { processStreamClock, streamMemberEvents } from "~/services/realtime/event-stream.server";
import { openStreams } from "~/services/realtime/open-streams.server";
import { limitedAddress } from "~/utils/address-network";
import { notFoundCall } from "./http.server";
import { tooManyCall } from "./too-many.server";

/** The member's event stream (docs/product/api.md#events), answered here and not by a route of Remix. */
export const MEMBER_EVENTS_PATH = "/api/events";
/** Its name in the request log and the metrics, as when a route of Remix answered it (ops/ keeps filtering on it). */
export const MEMBER_EVENTS_ROUTE = { route: "routes/api.events", kind: "resource" } as const;

const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform also keeps any compressing proxy from buffering the stream.
  "Cache-Control": "no-store, no-transform",
  "X-Accel-Buffering": "no",
};

/** What the request handler does for every answer: its security headers, and how a finished Response goes out. */
export interface Answering {
  finish(headers: Headers): void;
  send(response: Response): Promise<void>;
  /** The stream is open: from here on it is no longer a request being worked on. */
  streaming(): void;
}

/**
 * `GET /api/events`: the logged-in member's live events as server-sent events, written straight to
 * the response. A stream is held for hours by every member with a page open, so it is served with
 * nothing but what it needs: no Fetch request, web stream or abort signal of its own, which made it
 * cost 27 KB of heap a stream (bench/RESULTS.md, "Open event streams"; docs/scaling.md).
 */
export async function serveMemberEvents(req: IncomingMessage, res: ServerResponse, context: AppLoadContext, answering: Answering): Promise<void> {
  const method = req.method ?? "GET";
  const refused = await refusal(method, context);
  if (refused) {
    answering.finish(refused.headers);
    return answering.send(refused);
  }
  // The process's listener for member events; started once, before the response is begun, so the
  // check below that the client is still there is the last word.
  const hub = eventHub();
  await hub.start();
  const headers = new Headers(STREAM_HEADERS);
  answering.finish(headers);
  res.writeHead(200, Object.fromEntries(headers));
  // A HEAD gets the stream's headers only, and counts as no stream opened (docs/product/api.md#head).
  if (method === "HEAD") {
    res.end();
    return;
  }
  res.flushHeaders();
  answering.streaming();
  // The client may be gone already: then there is nothing to open.
  if (res.destroyed || req.socket.destroyed) return;
  const memberId = context.member!.id;
  const sessionId = context.sessionId!;
  // Nor may a member or an address hold more than a few streams open at once: a new one ends the
  // oldest. The stream stops before its response ends: a heartbeat or an event written after the
  // end would be an error on the response, which nothing listens for.
  let stop = () => undefined as void;
  const released = openStreams().open(memberId, context.clientIp && limitedAddress(context.clientIp), () => {
    stop();
    res.end();
  });
  stop = streamMemberEvents(
    {
      eventsAfter: (afterId, limit, writtenSince) => eventsAfter(db(), memberId, afterId, limit, writtenSince),
      latestEventId: () => latestEventId(db(), memberId),
      subscribe: (listener) => hub.subscribe(memberId, listener),
      sessionId,
      // The streams' sessions are checked together, a slot of them at a time (one query each).
      clock: processStreamClock((sessionIds) => liveSessionIds(db(), sessionIds)),
      resyncKind: RESYNC_EVENT,
    },
    // A reconnect's Last-Event-ID, else the event the page's data was read at.
    parseEventId(header(req, "last-event-id") ?? new URL(req.url ?? "/", "http://path.invalid").searchParams.get("since")),
    { write: (text) => res.write(text), end: () => res.end() },
    released,
  );
  res.once("close", stop);
}

/** The answer instead of a stream: another method, an unknown host, no live session, or too many streams opened. */
async function refusal(method: string, context: AppLoadContext): Promise<Response | null> {
  if (method !== "GET" && method !== "HEAD") return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
  const tenant = context.tenant;
  if (!tenant) return notFoundCall();
  // After which the page logs the visitor out (docs/product/api.md#errors).
  if (!context.member || !context.sessionId) return Response.json({ error: "authentication_required" }, { status: 403, headers: { "Cache-Control": "no-store" } });
  if (method === "HEAD") return null;
  // A page opens one stream and keeps it; a script opening stream after stream is refused and the
  // page falls back to polling (docs/product/notifications.md#polling).
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.eventStreamPerMember, context.member.id]]);
  if (!counted.ok) {
    const { data, init } = await tooManyCall(counted.retryAfterSeconds, context.language);
    return Response.json(data, init ?? undefined);
  }
  return null;
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function parseEventId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
