import { and, desc, eq, gt, notExists, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { blocks, members, notificationMailLog, photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { TenantRegistry } from "~/tenancy/registry";
import { tenantOrigin } from "~/web/site-origin.server";
import { approvedMainPhoto, cardColumns, toMemberCard } from "~/models/members/member-cards.server";
import { mailLink } from "./mail-links.server";
import { sendNotificationMail } from "./notification-mail.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The digest shows members who joined in this time, at most DIGEST_SIZE of them. */
const NEW_FOR_MS = 7 * DAY_MS;
export const DIGEST_SIZE = 6;
/** Members handled per run; the job runs every 10 minutes until everyone had this week's digest (about a million a week). */
const BATCH = 1000;

/** The ISO week a moment falls in, e.g. "2026-W48": one digest per member per week. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

type Newcomer = Awaited<ReturnType<typeof newMembersNear>>[number];

/**
 * Members of the pool who joined this week, nearest to a place first (same region, then country),
 * a few more than a digest shows so that the ones a member blocked can be left out.
 */
function newMembersNear(db: Database, place: { pool: string; country: string | null; region: string | null }, now: Date) {
  return db
    .select(cardColumns)
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .innerJoin(photos, approvedMainPhoto)
    .where(and(eq(profiles.pool, place.pool), eq(profiles.listed, true), gt(members.createdAt, new Date(now.getTime() - NEW_FOR_MS))))
    .orderBy(
      desc(sql`${profiles.region} is not distinct from ${place.region} and ${profiles.country} is not distinct from ${place.country}`),
      desc(sql`${profiles.country} is not distinct from ${place.country}`),
      desc(members.createdAt),
    )
    .limit(DIGEST_SIZE * 2);
}

/** The members this one blocked or was blocked by: never in their digest. */
async function blockedWith(db: Database, memberId: number): Promise<Set<number>> {
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, memberId), eq(blocks.blockedId, memberId)));
  return new Set(rows.map((row) => (row.blockerId === memberId ? row.blockedId : row.blockerId)));
}

/**
 * The weekly digest of new members (type new_members_weekly): once per member per ISO week, the
 * members of their pool who joined in the last seven days, nearest first, with their photos. No
 * mail when nobody new joined. Returns how many went.
 */
export async function sendWeeklyDigests(db: Database, registry: TenantRegistry, storage: Storage, now = new Date()): Promise<number> {
  const week = isoWeek(now);
  const due = await db
    .select({ id: members.id, siteId: members.siteId, pool: profiles.pool, country: profiles.country, region: profiles.region })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(
      and(
        eq(members.status, "active"),
        eq(members.isFictional, false),
        sql`cardinality(${members.notificationsDisabled}) = 0`,
        sql`not ('new_members_weekly' = any(${members.mailOptOuts}))`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(notificationMailLog)
            .where(and(eq(notificationMailLog.memberId, members.id), eq(notificationMailLog.kind, "new_members_weekly"), eq(notificationMailLog.subjectKey, week))),
        ),
      ),
    )
    .orderBy(members.id)
    .limit(BATCH);
  // Members of one place share their newcomers: one query per place and run, not per member.
  const byPlace = new Map<string, Promise<Newcomer[]>>();
  let sent = 0;
  for (const member of due) {
    // Claimed first, also when there is nobody new: the member is done for this week.
    const [claimed] = await db
      .insert(notificationMailLog)
      .values({ memberId: member.id, kind: "new_members_weekly", subjectKey: week, sentAt: now })
      .onConflictDoNothing()
      .returning({ memberId: notificationMailLog.memberId });
    const tenant = registry.get(member.siteId);
    if (!claimed || !tenant) continue;
    const place = `${member.pool}|${member.country ?? ""}|${member.region ?? ""}`;
    if (!byPlace.has(place)) byPlace.set(place, newMembersNear(db, member, now));
    const blocked = await blockedWith(db, member.id);
    const newcomers = (await byPlace.get(place)!).filter((row) => row.id !== member.id && !blocked.has(row.id)).slice(0, DIGEST_SIZE);
    if (newcomers.length === 0) continue;
    const origin = tenantOrigin(tenant);
    const went = await sendNotificationMail(db, tenant, { memberId: member.id, type: "new_members_weekly", origin }, async (t) => ({
      subject: t("weekly.subject", { siteName: tenant.name }),
      paragraphs: [t("weekly.intro", { siteName: tenant.name })],
      cards: newcomers.map((row) => {
        const card = toMemberCard(row, storage, now);
        const photo = card.photoUrl && !/^https?:/.test(card.photoUrl) ? `${origin}${card.photoUrl}` : card.photoUrl;
        return { title: card.name, detail: [card.age, card.city].filter((part) => part !== null).join(", ") || null, imageUrl: photo, url: `${origin}/members/${card.id}` };
      }),
      button: { label: t("weekly.button"), url: await mailLink(db, origin, member.id, "/members", now) },
    }));
    if (went) sent += 1;
  }
  return sent;
}
