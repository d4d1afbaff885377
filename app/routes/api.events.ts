import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { RESYNC_EVENT } from "~/models/notifications/member-event-kinds";
import { eventsAfter, latestEventId } from "~/models/notifications/member-events.server";
import { liveSessionIds } from "~/models/accounts/sessions.server";
import { eventHub } from "~/services/realtime/event-hub.server";
import { memberEventStream, processStreamClock } from "~/services/realtime/event-stream.server";
import { openStreams } from "~/services/realtime/open-streams.server";
import { limitedAddress } from "~/utils/address-network";
import { requireApiMember } from "~/web/require-member.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { tooManyCall } from "~/web/too-many.server";

const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform also keeps the compression middleware from buffering the stream.
  "cache-control": "no-store, no-transform",
  "x-accel-buffering": "no",
};

/** The logged-in member's live events (server-sent events): everything after the given id, then each new one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member, sessionId } = requireApiMember(context);
  // A HEAD gets the stream's headers only. Remix drops a HEAD's body without cancelling it and the
  // request never aborts, so a stream opened for it would listen for the member until the process
  // stops (docs/product/api.md#head); nor does a HEAD count as a stream opened.
  if (request.method === "HEAD") return new Response(null, { headers: STREAM_HEADERS });
  // A page opens one stream and keeps it; a script opening stream after stream is refused and the
  // page falls back to polling (docs/product/notifications.md#polling).
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.eventStreamPerMember, member.id]]);
  if (!counted.ok) return tooManyCall(counted.retryAfterSeconds, context.language);
  const hub = eventHub();
  await hub.start();
  // Nor may a member or an address hold more than a few streams open at once: a new one ends the oldest.
  const ended = new AbortController();
  const signal = AbortSignal.any([request.signal, ended.signal]);
  const closed = openStreams().open(member.id, context.clientIp && limitedAddress(context.clientIp), () => ended.abort());
  const stream = memberEventStream(
    {
      eventsAfter: (afterId, limit, writtenSince) => eventsAfter(db(), member.id, afterId, limit, writtenSince),
      latestEventId: () => latestEventId(db(), member.id),
      subscribe: (listener) => hub.subscribe(member.id, listener),
      sessionId,
      // The streams' sessions are checked together, a slot of them at a time (one query each).
      clock: processStreamClock((sessionIds) => liveSessionIds(db(), sessionIds)),
      resyncKind: RESYNC_EVENT,
    },
    // A reconnect's Last-Event-ID, else the event the page's data was read at.
    parseEventId(request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("since")),
    signal,
    closed,
  );
  return new Response(stream, { headers: STREAM_HEADERS });
}

function parseEventId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
