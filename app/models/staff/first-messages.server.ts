import { sql, type SQL } from "drizzle-orm";
import { resultRows, type Database, type Executor } from "../../../db/client.server";
import { operatorReplies } from "../../../db/schema";
import { sendAsProfile } from "~/models/chat/chat-send.server";
import type { Tenant } from "~/tenancy/schema";
import { contactDetailIn, type ContactKind } from "./contact-details";
import { recordStaffAction } from "./staff-audit.server";
import { answersIn, servesBrand, type StaffMember } from "./staff-roles";
import { operatorMessagesSent } from "~/services/metrics/business.server";

/*
 * Operators writing first, as a fictional profile (docs/product/staff.md#first-messages): only on
 * brands that allow it (settings.operators.first_message_after_hours > 0), only to a member who
 * joined at least that long ago and at most a week after that, who has no conversation with any
 * fictional profile yet, did not block the profile and did not opt out.
 */

/** After the delay, a member counts as new for this long. */
const WINDOW_HOURS = 7 * 24;

export interface FirstMessageCandidate {
  memberId: number;
  name: string;
  siteId: string;
  pool: string;
  language: string;
  joinedAt: string;
}

/** The brands where this operator may write first, each with its delay in hours. */
function brandsWithFirstMessages(staff: Pick<StaffMember, "brands">, brands: readonly Tenant[]): Array<{ id: string; hours: number }> {
  return brands.filter((tenant) => tenant.settings.operators.first_message_after_hours > 0 && servesBrand(staff, tenant.id)).map((tenant) => ({ id: tenant.id, hours: tenant.settings.operators.first_message_after_hours }));
}

/** The members a first message may go to, as SQL over `m` (members) and `p` (their profile). */
function eligible(allowed: Array<{ id: string; hours: number }>): SQL {
  return sql`
    m.status = 'active' and not m.invisible and not m.is_fictional and p.listed
    and exists (
      select 1 from jsonb_to_recordset(${JSON.stringify(allowed)}::jsonb) as b(id text, hours int)
      where b.id = m.site_id
        and m.created_at <= now() - make_interval(hours => b.hours)
        and m.created_at > now() - make_interval(hours => b.hours + ${WINDOW_HOURS})
    )
    and not exists (select 1 from member_care c where c.member_id = m.id and c.no_first_messages)
    and not exists (select 1 from reports r join members rf on rf.id = r.reported_id and rf.is_fictional where r.reporter_id = m.id)
    and not exists (
      select 1 from conversation_members cm join members f on f.id = cm.other_id and f.is_fictional
      where cm.member_id = m.id
    )`;
}

/** New members this operator may write to first, the longest-waiting first. */
export async function firstMessageCandidates(db: Executor, staff: Pick<StaffMember, "brands" | "languages">, brands: readonly Tenant[], languages: Record<string, string>, limit = 20): Promise<FirstMessageCandidate[]> {
  const allowed = brandsWithFirstMessages(staff, brands);
  if (allowed.length === 0) return [];
  const rows = resultRows<{ id: number | string; name: string; site_id: string; pool: string; language: string; created_at: Date | string }>(
    await db.execute(sql`
      select m.id, p.name, m.site_id, p.pool, coalesce(m.language, ${JSON.stringify(languages)}::jsonb ->> m.site_id, 'nl') as language, m.created_at
      from members m join profiles p on p.member_id = m.id
      where ${eligible(allowed)}
      order by m.created_at
      limit ${limit * 5}`),
  );
  return rows
    .filter((row) => answersIn(staff, row.language))
    .slice(0, limit)
    .map((row) => ({ memberId: Number(row.id), name: row.name, siteId: row.site_id, pool: row.pool, language: row.language, joinedAt: new Date(row.created_at).toISOString() }));
}

export type FirstMessageOutcome = { ok: true; conversationId: number } | { ok: false; reason: "notAllowed" | "empty" | "tooLong" } | { ok: false; reason: "contact"; kind: ContactKind };

/**
 * Sends the first message of a new conversation as a fictional profile of the member's pool that
 * the member's brand shows. Everything is checked again here, in the transaction: a member who
 * meanwhile got a conversation, blocked the profile or opted out is not written to.
 */
export async function sendFirstMessage(
  db: Database,
  input: { staff: StaffMember; memberId: number; profileId: number; body: string; brands: readonly Tenant[]; languages: Record<string, string>; ip: string | null },
): Promise<FirstMessageOutcome> {
  const body = input.body.trim();
  if (body.length === 0) return { ok: false, reason: "empty" };
  const isId = (value: number) => Number.isSafeInteger(value) && value > 0;
  if (!isId(input.memberId) || !isId(input.profileId)) return { ok: false, reason: "notAllowed" };
  const allowed = brandsWithFirstMessages(input.staff, input.brands);
  const contact = contactDetailIn(body);
  if (contact) {
    await recordStaffAction(db, { staffId: input.staff.id, action: "reply_refused", memberId: input.memberId, details: { contact, first: true }, ip: input.ip });
    return { ok: false, reason: "contact", kind: contact };
  }
  if (allowed.length === 0) return { ok: false, reason: "notAllowed" };
  const outcome = await db.transaction(async (tx) => {
    const [target] = resultRows<{ site_id: string; language: string }>(
      await tx.execute(sql`
        select m.site_id, coalesce(m.language, ${JSON.stringify(input.languages)}::jsonb ->> m.site_id, 'nl') as language
        from members m join profiles p on p.member_id = m.id
        join profiles f on f.member_id = ${input.profileId} and f.is_fictional and f.pool = p.pool and (f.shown_on is null or m.site_id = any(f.shown_on))
        where m.id = ${input.memberId} and ${eligible(allowed)}
        for update of m`),
    );
    const tenant = target ? input.brands.find((brand) => brand.id === target.site_id) : undefined;
    if (!target || !tenant || !answersIn(input.staff, target.language)) return { ok: false as const, reason: "notAllowed" as const };
    if (body.length > tenant.settings.message_length) return { ok: false as const, reason: "tooLong" as const };
    const sent = await sendAsProfile(tx, { profileId: input.profileId, memberId: input.memberId, content: { kind: "text", body } });
    if (!sent || !sent.newConversation) return { ok: false as const, reason: "notAllowed" as const };
    await tx.insert(operatorReplies).values({ messageId: sent.messageId, staffId: input.staff.id, conversationId: sent.conversationId, siteId: target.site_id, waitedMs: null });
    await recordStaffAction(tx, { staffId: input.staff.id, action: "first_message", siteId: target.site_id, memberId: input.memberId, conversationId: sent.conversationId, details: { profile: input.profileId }, ip: input.ip });
    return { ok: true as const, conversationId: sent.conversationId, brand: target.site_id };
  });
  if (!outcome.ok) return outcome;
  operatorMessagesSent.inc({ brand: outcome.brand });
  return { ok: true, conversationId: outcome.conversationId };
}

/** The fictional profiles of a pool that a brand shows, to write first as. */
export async function profilesToWriteAs(db: Executor, pool: string, siteId: string): Promise<Array<{ id: number; name: string }>> {
  const rows = resultRows<{ id: number | string; name: string }>(
    await db.execute(sql`select member_id as id, name from profiles where pool = ${pool} and is_fictional and listed and (shown_on is null or ${siteId} = any(shown_on)) order by name limit 200`),
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}
