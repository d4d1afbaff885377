import { and, eq, gt, lte, notExists, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { conversationMembers, conversations, members, notificationMailLog, profiles, sessions } from "../../../db/schema";
import type { NotificationType } from "~/domain/notification-types";
import type { TenantRegistry } from "~/tenancy/registry";
import type { Tenant } from "~/tenancy/schema";
import { tenantOrigin } from "~/web/site-origin.server";
import { mailLink } from "./mail-links.server";
import { sendNotificationMail } from "./notification-mail.server";
import { VISIBLE_FOR_MS } from "./presence.server";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** New messages wait this long before they are mailed: the member may read them on the site meanwhile. */
export const NEW_MESSAGES_MAIL_DELAY_MS = 2 * MINUTE_MS;
/** At most one new-messages mail per conversation in this time (docs/product/notifications.md#mails). */
export const NEW_MESSAGES_MAIL_INTERVAL_MS = HOUR_MS;
/** A conversation unread this long gets the unread-message reminder, once per unread stretch. */
export const UNREAD_REMINDER_AFTER_MS = DAY_MS;
/** Older unread conversations are not reminded of any more. */
const UNREAD_REMINDER_UNTIL_MS = 7 * DAY_MS;
const BATCH = 200;

type MessageMailKind = Extract<NotificationType, "new_messages" | "unread_reminder">;

/**
 * Records that a mail about a conversation goes to a member, unless one went since `notBefore`:
 * one upsert, so of two server processes only one sends it.
 */
async function claim(db: Database, memberId: number, kind: MessageMailKind, conversationId: number, now: Date, notBefore: Date): Promise<boolean> {
  const [row] = await db
    .insert(notificationMailLog)
    .values({ memberId, kind, subjectKey: `conversation:${conversationId}`, sentAt: now })
    .onConflictDoUpdate({
      target: [notificationMailLog.memberId, notificationMailLog.kind, notificationMailLog.subjectKey],
      set: { sentAt: now },
      // As text: postgres-js does not take a Date inside raw SQL.
      setWhere: sql`${notificationMailLog.sentAt} < ${notBefore.toISOString()}`,
    })
    .returning({ memberId: notificationMailLog.memberId });
  return row !== undefined;
}

async function nameOf(db: Database, memberId: number): Promise<string> {
  const [row] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.memberId, memberId));
  return row?.name ?? "";
}

/**
 * The new-conversation mail (type new_conversations), at once when someone starts a conversation
 * with the member. It also counts as the conversation's new-messages mail for the hour after.
 */
export async function sendNewConversationMail(db: Database, tenant: Tenant, input: { recipientId: number; senderId: number; conversationId: number }, now = new Date()): Promise<boolean> {
  const origin = tenantOrigin(tenant);
  const name = await nameOf(db, input.senderId);
  return sendNotificationMail(db, tenant, { memberId: input.recipientId, type: "new_conversations", origin }, async (t) => {
    await claim(db, input.recipientId, "new_messages", input.conversationId, now, now);
    return {
      subject: t("conversation.subject", { name, siteName: tenant.name }),
      paragraphs: [t("conversation.intro", { name })],
      button: { label: t("conversation.button"), url: await mailLink(db, origin, input.recipientId, `/chats/${input.conversationId}`, now) },
    };
  });
}

interface Unread {
  memberId: number;
  siteId: string;
  conversationId: number;
  otherId: number;
  lastMessageAt: Date;
}

/** Conversations with unread messages of members who allow this kind of mail, the oldest news first. */
function unreadConversations(db: Database, kind: MessageMailKind, lastMessageBetween: [Date, Date], extra: ReturnType<typeof and>) {
  return db
    .select({
      memberId: conversationMembers.memberId,
      siteId: members.siteId,
      conversationId: conversationMembers.conversationId,
      otherId: sql<number>`case when ${conversations.memberLow} = ${conversationMembers.memberId} then ${conversations.memberHigh} else ${conversations.memberLow} end`.mapWith(Number),
      lastMessageAt: sql<Date>`${conversationMembers.lastMessageAt}`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(conversationMembers)
    .innerJoin(members, eq(members.id, conversationMembers.memberId))
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        gt(conversationMembers.unread, 0),
        gt(conversationMembers.lastMessageAt, lastMessageBetween[0]),
        lte(conversationMembers.lastMessageAt, lastMessageBetween[1]),
        eq(members.status, "active"),
        eq(members.isFictional, false),
        sql`cardinality(${members.notificationsDisabled}) = 0`,
        sql`not (${kind} = any(${members.mailOptOuts}))`,
        extra,
      ),
    )
    .orderBy(conversationMembers.lastMessageAt)
    .limit(BATCH) as Promise<Unread[]>;
}

function mailedSince(kind: MessageMailKind, since: ReturnType<typeof sql>) {
  return sql`exists (select 1 from ${notificationMailLog} where ${notificationMailLog.memberId} = ${conversationMembers.memberId} and ${notificationMailLog.kind} = ${kind} and ${notificationMailLog.subjectKey} = 'conversation:' || ${conversationMembers.conversationId} and ${notificationMailLog.sentAt} >= ${since})`;
}

/**
 * The new-messages mails (type new_messages), run every minute: for each conversation with
 * unread messages that arrived at least two minutes ago, while the member has no page of the
 * site open in a visible tab, at most one mail per conversation per hour and none for messages
 * already mailed about. Returns how many went.
 */
export async function sendNewMessageMails(db: Database, registry: TenantRegistry, now = new Date()): Promise<number> {
  const hourAgo = new Date(now.getTime() - NEW_MESSAGES_MAIL_INTERVAL_MS);
  const visibleSince = new Date(now.getTime() - VISIBLE_FOR_MS);
  const due = await unreadConversations(
    db,
    "new_messages",
    [new Date(now.getTime() - DAY_MS), new Date(now.getTime() - NEW_MESSAGES_MAIL_DELAY_MS)],
    and(
      sql`not ${mailedSince("new_messages", sql`${hourAgo.toISOString()}`)}`,
      sql`not ${mailedSince("new_messages", sql`${conversationMembers.lastMessageAt}`)}`,
      notExists(db.select({ one: sql`1` }).from(sessions).where(and(eq(sessions.memberId, conversationMembers.memberId), sql`${sessions.visiblePath} is not null`, gt(sessions.visibleAt, visibleSince)))),
    ),
  );
  let sent = 0;
  for (const row of due) {
    const tenant = registry.get(row.siteId);
    if (!tenant || !(await claim(db, row.memberId, "new_messages", row.conversationId, now, hourAgo))) continue;
    const origin = tenantOrigin(tenant);
    const name = await nameOf(db, row.otherId);
    const went = await sendNotificationMail(db, tenant, { memberId: row.memberId, type: "new_messages", origin }, async (t) => ({
      subject: t("messages.subject", { name, siteName: tenant.name }),
      paragraphs: [t("messages.intro", { name })],
      button: { label: t("messages.button"), url: await mailLink(db, origin, row.memberId, `/chats/${row.conversationId}`, now) },
    }));
    if (went) sent += 1;
  }
  return sent;
}

/**
 * The unread-message reminder (type unread_reminder), run every hour: a conversation whose newest
 * message has been unread for a day gets one reminder; a newer message starts a new stretch.
 */
export async function sendUnreadReminders(db: Database, registry: TenantRegistry, now = new Date()): Promise<number> {
  const due = await unreadConversations(
    db,
    "unread_reminder",
    [new Date(now.getTime() - UNREAD_REMINDER_UNTIL_MS), new Date(now.getTime() - UNREAD_REMINDER_AFTER_MS)],
    and(sql`not ${mailedSince("unread_reminder", sql`${conversationMembers.lastMessageAt}`)}`),
  );
  let sent = 0;
  for (const row of due) {
    const tenant = registry.get(row.siteId);
    if (!tenant || !(await claim(db, row.memberId, "unread_reminder", row.conversationId, now, row.lastMessageAt))) continue;
    const origin = tenantOrigin(tenant);
    const name = await nameOf(db, row.otherId);
    const went = await sendNotificationMail(db, tenant, { memberId: row.memberId, type: "unread_reminder", origin }, async (t) => ({
      subject: t("unread.subject", { siteName: tenant.name }),
      paragraphs: [t("unread.intro", { name })],
      button: { label: t("unread.button"), url: await mailLink(db, origin, row.memberId, `/chats/${row.conversationId}`, now) },
    }));
    if (went) sent += 1;
  }
  return sent;
}
