import { and, eq, isNull, notExists, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../db/client.server";
import { mailCampaigns, members, notificationMailLog, type CampaignText } from "../../../db/schema";
import { isLanguage } from "~/domain/languages";
import type { TenantRegistry } from "~/tenancy/registry";
import { tenantOrigin } from "~/web/site-origin.server";
import { recipientLanguage } from "~/models/accounts/account-mail.server";
import { brandLanguage } from "~/i18n/resolve-language";
import { sendNotificationMail } from "./notification-mail.server";

/** Members mailed per campaign and run; the job runs every few minutes until all had it. */
const BATCH = 200;

const campaignText = z.object({
  subject: z.string().min(1).max(200),
  paragraphs: z.array(z.string().min(1).max(2000)).min(1).max(10),
  button: z.object({ label: z.string().min(1).max(60), url: z.string().url().startsWith("https://") }).optional(),
});

/** A campaign file (docs/product/notifications.md#promotions-and-news): texts keyed by language code, Dutch required. */
export const campaignFile = z
  .record(z.string(), campaignText)
  .refine((texts) => Object.keys(texts).every(isLanguage), { message: "keys must be language codes (da, de, en, es, fi, fr, it, nb, nl, pl, sv)" })
  .refine((texts) => "nl" in texts, { message: "a Dutch text (nl) is required: it is the fallback for every member" });

/** Stores a brand's promotion or news campaign; the campaign job sends it. Returns its id. */
export async function createCampaign(db: Database, input: { siteId: string; type: "promotions" | "news"; texts: Record<string, CampaignText> }): Promise<number> {
  const [row] = await db.insert(mailCampaigns).values(input).returning({ id: mailCampaigns.id });
  return row!.id;
}

/**
 * Sends the next batch of every unfinished campaign to the brand's members who allow its type,
 * each in their language (else the brand's, else Dutch); each member gets a campaign once, also
 * across restarts and server processes. A campaign with nobody left is finished. Returns how many went.
 */
export async function sendCampaignBatches(db: Database, registry: TenantRegistry, now = new Date()): Promise<number> {
  const open = await db.select().from(mailCampaigns).where(isNull(mailCampaigns.finishedAt)).orderBy(mailCampaigns.id);
  let sent = 0;
  for (const campaign of open) {
    const tenant = registry.get(campaign.siteId);
    const key = `campaign:${campaign.id}`;
    const batch = await db
      .select({ id: members.id, language: members.language })
      .from(members)
      .where(
        and(
          eq(members.siteId, campaign.siteId),
          eq(members.status, "active"),
          eq(members.isFictional, false),
          sql`cardinality(${members.notificationsDisabled}) = 0`,
          sql`not (${campaign.type} = any(${members.mailOptOuts}))`,
          notExists(db.select({ one: sql`1` }).from(notificationMailLog).where(and(eq(notificationMailLog.memberId, members.id), eq(notificationMailLog.kind, "campaign"), eq(notificationMailLog.subjectKey, key)))),
        ),
      )
      .orderBy(members.id)
      .limit(BATCH);
    if (!tenant || batch.length === 0) {
      await db.update(mailCampaigns).set({ finishedAt: now }).where(eq(mailCampaigns.id, campaign.id));
      continue;
    }
    for (const member of batch) {
      const [claimed] = await db
        .insert(notificationMailLog)
        .values({ memberId: member.id, kind: "campaign", subjectKey: key, sentAt: now })
        .onConflictDoNothing()
        .returning({ memberId: notificationMailLog.memberId });
      if (!claimed) continue;
      const text = campaign.texts[recipientLanguage(member, tenant)] ?? campaign.texts[brandLanguage(tenant) ?? "nl"] ?? campaign.texts.nl!;
      const went = await sendNotificationMail(db, tenant, { memberId: member.id, type: campaign.type, origin: tenantOrigin(tenant) }, () => ({
        subject: text.subject,
        paragraphs: text.paragraphs,
        button: text.button,
      }));
      if (went) sent += 1;
    }
  }
  return sent;
}
