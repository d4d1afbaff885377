import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { members, notificationMailLog, profiles } from "../../../db/schema";
import { tenants } from "~/tenancy/tenants.server";
import { tenantOrigin } from "~/web/site-origin.server";
import { sendNotificationMail } from "~/models/notifications/notification-mail.server";
import { mailLink } from "~/models/notifications/mail-links.server";

/**
 * Tells the liked member by e-mail (notification type like_received), in the language and on the
 * brand of their own account — when they want such mails (sendNotificationMail checks).
 * Fictional profiles have no inbox; hidden likers are not announced.
 */
export async function sendLikeMail(db: Database, input: { likerId: number; likedId: number; match: boolean }): Promise<void> {
  const [liked] = await db.select({ siteId: members.siteId, isFictional: members.isFictional }).from(members).where(eq(members.id, input.likedId));
  const tenant = liked ? tenants().get(liked.siteId) : undefined;
  if (!tenant || liked?.isFictional) return;
  const [liker] = await db.select({ name: profiles.name, listed: profiles.listed }).from(profiles).where(eq(profiles.memberId, input.likerId));
  // A liker others cannot see (invisible) is not named in a mail either.
  if (!liker?.listed) return;
  if (!(await firstLikeMailThisWeek(db, input.likedId, input.likerId))) return;
  const origin = tenantOrigin(tenant);
  await sendNotificationMail(db, tenant, { memberId: input.likedId, type: "like_received" }, async (t) => ({
    subject: t(input.match ? "like.matchSubject" : "like.subject", { name: liker?.name ?? "", siteName: tenant.name }),
    paragraphs: [t(input.match ? "like.matchIntro" : "like.intro", { name: liker?.name ?? "" })],
    // One click logs the member in on the liker's profile (docs/product/notifications.md#mail-links).
    button: { label: t("like.button"), url: await mailLink(db, origin, input.likedId, `/likes/m/${input.likerId}`) },
  }));
}

const LIKE_MAIL_INTERVAL_DAYS = 7;

/**
 * Like, unlike, like again must not become a stream of mails to one member: one like mail per
 * liker in a week (review M-6). Records the mail in the same statement that checks, so two likes
 * at once cannot both pass.
 */
async function firstLikeMailThisWeek(db: Database, likedId: number, likerId: number): Promise<boolean> {
  const rows = await db
    .insert(notificationMailLog)
    .values({ memberId: likedId, kind: "like_received", subjectKey: `liker:${likerId}` })
    .onConflictDoUpdate({
      target: [notificationMailLog.memberId, notificationMailLog.kind, notificationMailLog.subjectKey],
      set: { sentAt: sql`now()` },
      setWhere: sql`${notificationMailLog.sentAt} < now() - make_interval(days => ${LIKE_MAIL_INTERVAL_DAYS})`,
    })
    .returning({ memberId: notificationMailLog.memberId });
  return rows.length > 0;
}
