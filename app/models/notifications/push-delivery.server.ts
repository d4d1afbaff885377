import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { conversationMembers, members, profiles, pushDeliveries, pushSubscriptions, type PushEvent } from "../../../db/schema";
import type { NotificationType } from "~/domain/notification-types";
import { getFixedT } from "~/i18n/i18next.server";
import type { TenantRegistry } from "~/tenancy/registry";
import type { Tenant } from "~/tenancy/schema";
import { recipientLanguage } from "~/models/accounts/account-mail.server";
import { isLookingAt } from "./presence.server";
import { deliveryAttempted } from "~/services/metrics/business.server";

/** A push is tried this often before it is given up (about a day with the back-off below). */
export const MAX_PUSH_ATTEMPTS = 8;
/** The first retry waits this long, each next one twice as long, up to PUSH_RETRY_MAX_MS. */
const PUSH_RETRY_FIRST_MS = 30_000;
const PUSH_RETRY_MAX_MS = 6 * 60 * 60 * 1000;
/** A claimed push not finished within this time (a process that died) is tried again. */
const CLAIM_MS = 60_000;
/** How long a push service keeps a push for a browser that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const BATCH = 50;

/** What the service worker shows (public/sw-push.js). */
export interface PushPayload {
  title: string;
  body: string;
  icon: string;
  tag: string;
  url: string;
}

/** The push service's answer, or a network failure. */
export type PushSender = (target: { endpoint: string; p256dh: string; auth: string }, payload: PushPayload, options: { topic: string; ttlSeconds: number; contact: string }) => Promise<number>;

/** The notification type a member switches to allow or stop this push (docs/product/notifications.md#push). */
function typeOf(event: PushEvent): NotificationType {
  if (event.kind === "message") return event.newConversation ? "new_conversations" : "new_messages";
  return "like_received";
}

/** The notification that pushes were queued: every process's push worker drains on it. */
export const PUSH_QUEUED_CHANNEL = "push_queued";

/**
 * Queues a push for every browser the member subscribed, in the caller's transaction: a message
 * or like that is rolled back queues nothing. Whether it is still wanted (switches, the member
 * looking at the conversation) is decided when it is sent. Only a queued push wakes the push
 * workers (at commit, in every process): waking them on every member event made each process
 * ask the queue several times per message, for members with no browser subscribed at all
 * (bench/RESULTS.md, "Open event streams").
 */
export async function queuePush(tx: Executor, memberId: number, event: PushEvent): Promise<void> {
  // One statement: the rows, and the notification when there was any (one per transaction: PostgreSQL folds repeats).
  await tx.execute(sql`
    with inserted as (
      insert into ${pushDeliveries} (subscription_id, event)
      select id, ${JSON.stringify(event)}::jsonb from ${pushSubscriptions} where member_id = ${memberId}
      returning 1
    )
    select pg_notify(${PUSH_QUEUED_CHANNEL}, '') from (select 1 from inserted limit 1) as queued`);
}

type Claimed = { id: number; attempts: number; event: PushEvent; subscriptionId: number; memberId: number; endpoint: string; p256dh: string; auth: string };

/**
 * Takes the due pushes for this process: moving their next attempt past the claim time in one
 * statement (rows another process holds are skipped), so two processes never send one twice.
 */
async function claimDue(db: Database, now: Date): Promise<Claimed[]> {
  const due = db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .where(lte(pushDeliveries.nextAttemptAt, now))
    .orderBy(asc(pushDeliveries.id))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(pushDeliveries)
    .set({ attempts: sql`${pushDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(pushDeliveries.id, due))
    .returning({ id: pushDeliveries.id, attempts: pushDeliveries.attempts, event: pushDeliveries.event, subscriptionId: pushDeliveries.subscriptionId });
  if (rows.length === 0) return [];
  const targets = await db
    .select({ id: pushSubscriptions.id, memberId: pushSubscriptions.memberId, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, rows.map((row) => row.subscriptionId)));
  const byId = new Map(targets.map((target) => [target.id, target]));
  return rows.flatMap((row) => {
    const target = byId.get(row.subscriptionId);
    return target ? [{ ...row, memberId: target.memberId, endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth }] : [];
  });
}

interface Recipient {
  siteId: string;
  language: string | null;
  mailOptOuts: string[];
  status: string;
  isFictional: boolean;
}

async function recipientOf(db: Database, memberId: number): Promise<Recipient | undefined> {
  const [row] = await db
    .select({ siteId: members.siteId, language: members.language, mailOptOuts: members.mailOptOuts, status: members.status, isFictional: members.isFictional })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/** The text of a push in the recipient's language, or null when it is no longer wanted. */
export async function composePush(db: Database, tenant: Tenant, recipient: Recipient & { id: number }, event: PushEvent, now = new Date()): Promise<PushPayload | null> {
  if (recipient.isFictional || (recipient.status !== "active" && recipient.status !== "not_confirmed")) return null;
  if (recipient.mailOptOuts.includes(typeOf(event))) return null;
  const t = await getFixedT(recipientLanguage(recipient, tenant), "push");
  const base = { title: tenant.name, icon: "/icons/192.png" };
  if (event.kind === "message") {
    // Not while the member reads that conversation in a visible tab.
    if (await isLookingAt(db, recipient.id, [`/chats/${event.conversationId}`, `/members/${event.senderId}/chat`], now)) return null;
    const [row] = await db
      .select({ name: profiles.name, unread: conversationMembers.unread })
      .from(conversationMembers)
      .innerJoin(profiles, eq(profiles.memberId, event.senderId))
      .where(and(eq(conversationMembers.conversationId, event.conversationId), eq(conversationMembers.memberId, recipient.id)));
    // Read in the meantime: nothing left to tell.
    if (!row || row.unread === 0) return null;
    return { ...base, body: t("message", { name: row.name, count: row.unread }), tag: `conversation-${event.conversationId}`, url: `/chats/${event.conversationId}` };
  }
  const otherId = event.kind === "like" ? event.likerId : event.memberId;
  const [other] = await db.select({ name: profiles.name, listed: profiles.listed }).from(profiles).where(eq(profiles.memberId, otherId));
  if (event.kind === "match") {
    return { ...base, body: t("match", { name: other?.name ?? "" }), tag: `match-${otherId}`, url: `/likes/m/${otherId}` };
  }
  // A liker others cannot see (invisible) is not named.
  const body = other?.listed ? t("like", { name: other.name }) : t("likeAnonymous");
  return { ...base, body, tag: "likes", url: "/likes/received" };
}

function retryDelay(attempts: number): number {
  return Math.min(PUSH_RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), PUSH_RETRY_MAX_MS);
}

/**
 * Sends the due pushes: each once, in the recipient's language. A push service that answers 404
 * or 410 has forgotten the browser: its subscription goes (with its queued pushes). Any other
 * failure is tried again later, with back-off, up to MAX_PUSH_ATTEMPTS. Returns how many went out.
 */
export async function deliverDuePushes(db: Database, registry: TenantRegistry, send: PushSender, now = new Date(), log: (line: string) => void = console.warn): Promise<number> {
  let sent = 0;
  for (const push of await claimDue(db, now)) {
    const recipient = await recipientOf(db, push.memberId);
    const tenant = recipient ? registry.get(recipient.siteId) : undefined;
    const payload = recipient && tenant ? await composePush(db, tenant, { ...recipient, id: push.memberId }, push.event, now) : null;
    if (!payload || !tenant) {
      await db.delete(pushDeliveries).where(eq(pushDeliveries.id, push.id));
      continue;
    }
    let outcome: number | Error;
    try {
      outcome = await send(push, payload, { topic: payload.tag, ttlSeconds: PUSH_TTL_SECONDS, contact: `mailto:${tenant.company.support_email}` });
    } catch (error) {
      outcome = error instanceof Error ? error : new Error(String(error));
    }
    const delivered = typeof outcome === "number" && outcome >= 200 && outcome < 300;
    deliveryAttempted("push", delivered);
    if (delivered) {
      await db.delete(pushDeliveries).where(eq(pushDeliveries.id, push.id));
      sent += 1;
    } else if (outcome === 404 || outcome === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, push.subscriptionId));
    } else if (push.attempts >= MAX_PUSH_ATTEMPTS) {
      await db.delete(pushDeliveries).where(eq(pushDeliveries.id, push.id));
      log(`push ${push.id} given up after ${push.attempts} attempts: ${describe(outcome)}`);
    } else {
      await db
        .update(pushDeliveries)
        .set({ nextAttemptAt: new Date(now.getTime() + retryDelay(push.attempts)), lastError: describe(outcome).slice(0, 500) })
        .where(eq(pushDeliveries.id, push.id));
    }
  }
  return sent;
}

function describe(outcome: number | Error): string {
  return typeof outcome === "number" ? `push service answered ${outcome}` : outcome.message;
}

/** Whether pushes wait to be sent now (the worker drains until none are due). */
export async function hasDuePushes(db: Database, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ id: pushDeliveries.id }).from(pushDeliveries).where(lte(pushDeliveries.nextAttemptAt, now)).orderBy(asc(pushDeliveries.id)).limit(1);
  return row !== undefined;
}
