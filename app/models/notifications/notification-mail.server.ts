import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { emailTokens, members, profiles } from "../../../db/schema";
import type { MailContent } from "~/mail/render-mail.server";
import type { TenantRegistry } from "~/tenancy/registry";
import type { Tenant } from "~/tenancy/schema";
import { signValue, verifySignedValue } from "~/utils/signed-value.server";
import { tenantOrigin } from "~/web/site-origin.server";
import { sendAccountMail } from "~/models/accounts/account-mail.server";
import { issueToken } from "~/models/accounts/email-tokens.server";
import type { NotificationType } from "~/domain/notification-types";
import type { TFunction } from "i18next";

const HOUR_MS = 60 * 60 * 1000;

/** The link of a notification mail's unsubscribe footer and List-Unsubscribe header. */
export function unsubscribeUrl(origin: string, siteId: string, memberId: number): string {
  return `${origin}/unsubscribe/${signValue(`${siteId}:${memberId}`)}`;
}

/** The member an unsubscribe link of this site stands for, or null for a forged or foreign link. */
export function memberOfUnsubscribeToken(token: string, siteId: string): number | null {
  const value = verifySignedValue(token);
  const match = value?.match(/^([a-z0-9-]+):(\d+)$/);
  return match && match[1] === siteId ? Number(match[2]) : null;
}

/**
 * Sends a notification mail of a type the member can turn off (docs/product/notifications.md#mails), only when the
 * member wants it: the type is on, the system has not stopped the member's mails (complaint,
 * bounce, unsubscribe), and the account is confirmed — or, for mails that ask to confirm,
 * unconfirmed. Carries an unsubscribe link and List-Unsubscribe headers. Returns whether it went.
 */
export async function sendNotificationMail(
  db: Database,
  tenant: Tenant,
  input: { memberId: number; type: NotificationType; audience?: "confirmed" | "unconfirmed"; origin?: string },
  /** Called only once the mail will really go (so links are made only for mails that are sent). */
  compose: (t: TFunction) => Promise<Omit<MailContent, "greeting" | "unsubscribeUrl">> | Omit<MailContent, "greeting" | "unsubscribeUrl">,
): Promise<boolean> {
  const [member] = await db
    .select({
      email: members.email,
      status: members.status,
      language: members.language,
      mailOptOuts: members.mailOptOuts,
      notificationsDisabled: members.notificationsDisabled,
      name: profiles.name,
    })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(members.id, input.memberId), eq(members.siteId, tenant.id)));
  const wantedStatus = input.audience === "unconfirmed" ? "not_confirmed" : "active";
  if (!member?.email || member.status !== wantedStatus) return false;
  if (member.mailOptOuts.includes(input.type) || member.notificationsDisabled.length > 0) return false;
  const origin = input.origin ?? tenantOrigin(tenant);
  await sendAccountMail(tenant, { email: member.email, name: member.name, language: member.language }, async (t) => {
    const content = await compose(t);
    return { ...content, notes: [...(content.notes ?? []), t("notification.why")], unsubscribeUrl: unsubscribeUrl(origin, tenant.id, input.memberId) };
  });
  return true;
}

/**
 * A scheduled reminder (type 'reminders'): members who signed up a day or more ago and never
 * confirmed get one more activation link. Only members who got nothing but the signup mail
 * are reminded, so each is reminded once. Returns how many mails went out.
 */
export async function remindUnconfirmedMembers(db: Database, registry: TenantRegistry, now = new Date()): Promise<number> {
  const candidates = await db
    .select({ id: members.id, siteId: members.siteId })
    .from(members)
    .innerJoin(emailTokens, and(eq(emailTokens.memberId, members.id), eq(emailTokens.purpose, "activate")))
    .where(
      and(
        eq(members.status, "not_confirmed"),
        lt(members.createdAt, new Date(now.getTime() - 24 * HOUR_MS)),
        gt(members.createdAt, new Date(now.getTime() - 72 * HOUR_MS)),
      ),
    )
    .groupBy(members.id)
    .having(eq(count(emailTokens.id), 1))
    .limit(500);
  let sent = 0;
  for (const candidate of candidates) {
    const tenant = registry.get(candidate.siteId);
    if (!tenant) continue;
    const origin = tenantOrigin(tenant);
    const went = await sendNotificationMail(db, tenant, { memberId: candidate.id, type: "reminders", audience: "unconfirmed", origin }, async (t) => {
      const token = await issueToken(db, { memberId: candidate.id, purpose: "activate", now });
      return {
        subject: t("reminder.subject", { siteName: tenant.name }),
        paragraphs: [t("reminder.intro", { siteName: tenant.name })],
        button: { label: t("activation.button"), url: `${origin}/activate/${token}` },
      };
    });
    if (went) sent += 1;
  }
  return sent;
}
