import { and, isNotNull, lt, or } from "drizzle-orm";
import { emailTokens, loginAttempts, memberActiveDays } from "../../db/schema/index";
import { purgeDeletedAccounts, purgeRejectedPhotos, purgeUnconfirmedAccounts } from "~/models/accounts/account-deletion.server";
import { prepareDataExports } from "~/models/accounts/data-export.server";
import { pruneSecurityEvents } from "~/models/safety/security-events.server";
import { retryQueuedMails } from "~/services/mail/mail.server";
import { remindUnconfirmedMembers } from "~/models/notifications/notification-mail.server";
import { pruneEvents } from "~/models/notifications/member-events.server";
import { sendNewMessageMails, sendUnreadReminders } from "~/models/notifications/message-mails.server";
import { sendWeeklyDigests } from "~/models/notifications/weekly-digest.server";
import { sendCampaignBatches } from "~/models/notifications/campaigns.server";
import { deleteExpiredSessions } from "~/models/accounts/sessions.server";
import { pruneRateLimits } from "~/models/safety/rate-limits.server";
import { storage } from "~/services/storage/storage.server";
import { refreshBrandFigures } from "~/models/console/brand-figures.server";
import { deliverPostbacks, expandConversions, fetchPostback } from "~/models/attribution/postbacks.server";
import { env } from "~/env.server";
import type { TenantRegistry } from "~/tenancy/registry";
import type { Job } from "./job-runner.server";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A log summary only when something happened. */
function quietWhenZero(count: number, what: string): string | undefined {
  return count > 0 ? `${count} ${what}` : undefined;
}

/** The server's scheduled jobs. */
export function scheduledJobList(registry: TenantRegistry): Job[] {
  return [
    {
      name: "purge-deleted-accounts",
      intervalMs: HOUR_MS,
      run: async (db, now) => quietWhenZero(await purgeDeletedAccounts(db, storage(), now), "purged"),
    },
    {
      // A member waits for this one: it runs every minute.
      name: "prepare-data-exports",
      intervalMs: 60_000,
      run: async (db, now) => quietWhenZero(await prepareDataExports(db, storage(), registry, now), "prepared"),
    },
    {
      name: "retry-queued-mails",
      intervalMs: 60_000,
      run: async (_db, now) => quietWhenZero(await retryQueuedMails(now), "sent"),
    },
    {
      name: "prune-security-events",
      intervalMs: 24 * HOUR_MS,
      run: async (db, now) => quietWhenZero(await pruneSecurityEvents(db, now), "removed"),
    },
    {
      name: "purge-unconfirmed-accounts",
      intervalMs: HOUR_MS,
      run: async (db, now) => quietWhenZero(await purgeUnconfirmedAccounts(db, storage(), now), "purged"),
    },
    {
      name: "purge-rejected-photos",
      intervalMs: HOUR_MS,
      run: async (db, now) => quietWhenZero(await purgeRejectedPhotos(db, storage(), now), "removed"),
    },
    {
      name: "remind-unconfirmed",
      intervalMs: HOUR_MS,
      run: async (db, now) => quietWhenZero(await remindUnconfirmedMembers(db, registry, now), "reminded"),
    },
    {
      name: "new-message-mails",
      intervalMs: 60_000,
      run: async (db, now) => quietWhenZero(await sendNewMessageMails(db, registry, now), "mailed"),
    },
    {
      name: "unread-reminders",
      intervalMs: HOUR_MS,
      run: async (db, now) => quietWhenZero(await sendUnreadReminders(db, registry, now), "reminded"),
    },
    {
      name: "weekly-digests",
      intervalMs: 10 * 60_000,
      run: async (db, now) => quietWhenZero(await sendWeeklyDigests(db, registry, storage(), now), "digests"),
    },
    {
      name: "campaigns",
      intervalMs: 5 * 60_000,
      run: async (db, now) => quietWhenZero(await sendCampaignBatches(db, registry, now), "campaign mails"),
    },
    {
      // Networks hear of their conversions within a minute or so, never in a member's request
      // (docs/product/site.md#conversion-postbacks).
      name: "conversion-postbacks",
      intervalMs: 30_000,
      run: async (db, now) => {
        await expandConversions(db, registry);
        return quietWhenZero(await deliverPostbacks(db, fetchPostback, env().postbackHosts, now), "postbacks sent");
      },
    },
    {
      // The console reads only these aggregates (docs/product/console.md#figures): today's and the
      // two days before are recomputed, late confirmations and refunds included.
      name: "brand-figures",
      intervalMs: 10 * 60_000,
      run: async (db, now) => {
        await refreshBrandFigures(db, registry.tenants, now, 3);
      },
    },
    {
      name: "clean-up-sessions-and-links",
      intervalMs: HOUR_MS,
      run: async (db, now) => {
        await deleteExpiredSessions(db, now);
        await pruneEvents(db, new Date(now.getTime() - DAY_MS));
        await pruneRateLimits(db, now);
        await db.delete(memberActiveDays).where(lt(memberActiveDays.day, new Date(now.getTime() - 120 * DAY_MS).toISOString().slice(0, 10)));
        await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - DAY_MS)));
        await db
          .delete(emailTokens)
          .where(or(lt(emailTokens.expiresAt, new Date(now.getTime() - DAY_MS)), and(isNotNull(emailTokens.usedAt), lt(emailTokens.usedAt, new Date(now.getTime() - DAY_MS)))));
      },
    },
  ];
}
