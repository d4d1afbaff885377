import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { memberNotices, members, profiles } from "../../../db/schema";
import type { Tenant } from "~/tenancy/schema";
import type { TenantRegistry } from "~/tenancy/registry";
import { sendAccountMail } from "~/models/accounts/account-mail.server";
import { tenantOrigin } from "~/web/site-origin.server";
import { publishEvent } from "~/models/notifications/member-events.server";

export type NoticeKind = "photo_rejected" | "text_rejected" | "warning";

export interface Notice {
  id: number;
  kind: NoticeKind;
  reason: string;
  /** For a rejected text: which one (name or about). */
  field: string | null;
}

/**
 * Stores what the member is told, and tells their open pages to reload it; the caller's
 * transaction makes it part of the decision.
 */
export async function addNotice(tx: Executor, memberId: number, notice: { kind: NoticeKind; reason: string; field?: string }): Promise<void> {
  const [row] = await tx.insert(memberNotices).values({ memberId, kind: notice.kind, reason: notice.reason, details: notice.field ? { field: notice.field } : null }).returning({ id: memberNotices.id });
  await publishEvent(tx, memberId, "notice", { id: row!.id });
}

/** The member's notices not put away yet, newest first (a few at most are shown). */
export async function openNotices(db: Executor, memberId: number): Promise<Notice[]> {
  const rows = await db
    .select({ id: memberNotices.id, kind: memberNotices.kind, reason: memberNotices.reason, details: memberNotices.details })
    .from(memberNotices)
    .where(and(eq(memberNotices.memberId, memberId), isNull(memberNotices.dismissedAt)))
    .orderBy(desc(memberNotices.id))
    .limit(3);
  return rows.map((row) => ({ id: row.id, kind: row.kind, reason: row.reason, field: row.details?.field ?? null }));
}

export async function dismissNotice(db: Executor, memberId: number, noticeId: number): Promise<void> {
  await db
    .update(memberNotices)
    .set({ dismissedAt: new Date() })
    .where(and(eq(memberNotices.id, noticeId), eq(memberNotices.memberId, memberId)));
}

/**
 * The same notice by mail, in the member's language (docs/product/moderation.md#telling-the-member):
 * a service mail about their own profile, sent even to members who turned notification mails off.
 */
export async function mailNotice(db: Database, registry: TenantRegistry, memberId: number, notice: { kind: NoticeKind; reason: string; field?: string }): Promise<void> {
  const [member] = await db
    .select({ email: members.email, siteId: members.siteId, language: members.language, status: members.status, isFictional: members.isFictional, name: profiles.name })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId));
  const tenant: Tenant | undefined = member ? registry.get(member.siteId) : undefined;
  if (!member?.email || !tenant || member.isFictional || (member.status !== "active" && member.status !== "not_confirmed")) return;
  await sendAccountMail(tenant, { email: member.email, name: member.name, language: member.language }, (t) => ({
    subject: t(`moderation.${notice.kind}.subject`, { siteName: tenant.name }),
    paragraphs: [
      t(`moderation.${notice.kind}.intro`, { field: notice.field ? t(`moderation:fields.${notice.field}`) : "" }),
      t(`moderation:reasons.${notice.kind === "warning" ? "warning" : notice.kind === "photo_rejected" ? "photo" : "text"}.${notice.reason}`),
    ],
    button: { label: t(`moderation.${notice.kind}.button`), url: `${tenantOrigin(tenant)}/profile` },
    notes: [t("moderation.rules")],
  }));
}
