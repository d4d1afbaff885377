import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { conversionEvents, postbackAttempts, postbackDeliveries, type TrackingData } from "../../../db/schema";
import { publicRequest, RefusedAddressError } from "~/services/http/public-request.server";
import type { TenantRegistry } from "~/tenancy/registry";
import { allowsMarketing } from "~/models/consent/consent-records.server";
import { deliveryAttempted } from "~/services/metrics/business.server";

/** Back-off between attempts of one postback; after the last it is given up. */
const RETRY_MINUTES = [1, 5, 15, 60, 180, 720];
export const MAX_POSTBACK_ATTEMPTS = RETRY_MINUTES.length + 1;
/** A claimed delivery is the claimer's this long; a process that died mid-send leaves it to the next. */
const CLAIM_MS = 60_000;

/** Fills the macros of a postback URL, each value URL-encoded; an unknown macro stays as it is. */
export function postbackUrl(template: string, values: { event: string; amountCents: number | null; currency: string | null; tracking: TrackingData }): string {
  const macros: Record<string, string> = {
    event: values.event,
    amount: values.amountCents === null ? "" : (values.amountCents / 100).toFixed(2),
    currency: values.currency ?? "",
    network: values.tracking.network ?? "",
    click_id: values.tracking.click_id ?? "",
    ref: values.tracking.ref ?? "",
    sub1: values.tracking.sub1 ?? "",
    sub2: values.tracking.sub2 ?? "",
    sub3: values.tracking.sub3 ?? "",
  };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(macros, name) ? encodeURIComponent(macros[name]!) : whole));
}

/** Postbacks go over HTTPS only, except to the hosts POSTBACK_HOSTS names (a local test endpoint). */
export function postbackAllowed(url: string, plainHosts: readonly string[]): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || (parsed.protocol === "http:" && plainHosts.includes(parsed.hostname.toLowerCase()));
  } catch {
    return false;
  }
}

/**
 * Turns recorded conversions into one delivery per postback of the brand that wants the event
 * from the member's network (and, where the brand says so, only for a member who allowed marketing). Rows are taken with SKIP LOCKED, and a delivery is unique per event
 * and network, so several processes never make two. Returns how many events were handled.
 */
export async function expandConversions(db: Database, registry: TenantRegistry, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(conversionEvents)
      .where(isNull(conversionEvents.expandedAt))
      .orderBy(asc(conversionEvents.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    for (const event of events) {
      const tracking = registry.get(event.siteId)?.tracking;
      // A brand may send postbacks only for members who allowed marketing (docs/product/landers.md#postbacks-and-consent):
      // without that, the event is handled and told to nobody.
      if (tracking?.postbacks_need_consent && (event.memberId === null || !(await allowsMarketing(tx, event.memberId)))) continue;
      const postbacks = tracking?.postbacks ?? [];
      for (const postback of postbacks.filter((item) => item.network === event.tracking.network && (item.events as string[]).includes(event.event))) {
        await tx
          .insert(postbackDeliveries)
          .values({ eventId: event.id, network: postback.network, url: postbackUrl(postback.url, event) })
          .onConflictDoNothing();
      }
    }
    if (events.length > 0) await tx.update(conversionEvents).set({ expandedAt: new Date() }).where(inArray(conversionEvents.id, events.map((event) => event.id)));
    return events.length;
  });
}

/**
 * Calls a postback URL; the HTTP status, or throws when no answer came. `allowedHosts`
 * (POSTBACK_HOSTS) may be on this machine; every other host must resolve to a public address.
 */
export type PostbackSender = (url: string, allowedHosts: readonly string[]) => Promise<number>;

/** The URLs come from tenant files: no redirect is followed, no private or loopback address called (review N-L-6). */
export const fetchPostback: PostbackSender = async (url, allowedHosts) => {
  const answer = await publicRequest(url, { method: "GET", headers: { "user-agent": "postback" }, allowedHosts, timeoutMs: 10_000 });
  return answer.status;
};

/**
 * Sends the postbacks that are due, each claimed by this process first (so two processes never
 * send the same one at once); a 2xx answer is success, anything else is tried again later with
 * back-off, and every attempt is logged. Never part of a member's request. Returns how many were sent.
 */
export async function deliverPostbacks(db: Database, send: PostbackSender, plainHosts: readonly string[], now = new Date(), limit = 20): Promise<number> {
  const claimed = await db
    .update(postbackDeliveries)
    .set({ nextAt: new Date(now.getTime() + CLAIM_MS) })
    .where(
      inArray(
        postbackDeliveries.id,
        db
          .select({ id: postbackDeliveries.id })
          .from(postbackDeliveries)
          .where(and(eq(postbackDeliveries.status, "pending"), lte(postbackDeliveries.nextAt, now)))
          .orderBy(asc(postbackDeliveries.nextAt))
          .limit(limit)
          .for("update", { skipLocked: true }),
      ),
    )
    .returning();
  let sent = 0;
  for (const delivery of claimed) {
    const started = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    // Refused for good: trying again does not make the URL https or its address public.
    let refused = false;
    if (!postbackAllowed(delivery.url, plainHosts)) {
      error = "not an https URL";
      refused = true;
    } else {
      try {
        status = await send(delivery.url, plainHosts);
        if (status < 200 || status > 299) error = `HTTP ${status}`;
      } catch (failure) {
        error = failure instanceof Error ? failure.message.slice(0, 200) : "failed";
        refused = failure instanceof RefusedAddressError;
      }
    }
    const attempts = delivery.attempts + 1;
    const done = error === null;
    deliveryAttempted("postback", done);
    const gaveUp = !done && (attempts >= MAX_POSTBACK_ATTEMPTS || refused);
    await db.transaction(async (tx) => {
      await tx.insert(postbackAttempts).values({ deliveryId: delivery.id, status, ms: Date.now() - started, error });
      await tx
        .update(postbackDeliveries)
        .set({
          attempts,
          status: done ? "sent" : gaveUp ? "failed" : "pending",
          sentAt: done ? new Date() : null,
          nextAt: done || gaveUp ? sql`${postbackDeliveries.nextAt}` : new Date(now.getTime() + RETRY_MINUTES[attempts - 1]! * 60_000),
        })
        .where(eq(postbackDeliveries.id, delivery.id));
    });
    if (done) sent += 1;
  }
  return sent;
}
