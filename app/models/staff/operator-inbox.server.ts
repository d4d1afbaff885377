import { sql, type SQL } from "drizzle-orm";
import { resultRows, type Executor } from "../../../db/client.server";
import type { TenantRegistry } from "~/tenancy/registry";
import type { StaffMember } from "./staff-roles";

/*
 * The operator inbox (docs/product/staff.md#the-operator-inbox): conversations in which a member
 * wrote to a fictional profile and has had no answer yet, oldest first, limited to the operator's
 * brands and languages.
 */

export interface WaitingConversation {
  conversationId: number;
  profileId: number;
  profileName: string;
  memberId: number;
  memberName: string;
  siteId: string;
  language: string;
  waitingSince: string;
  claimedBy: string | null;
  claimedByMe: boolean;
  asksReal: boolean;
  needsCareWarning: boolean;
}

export interface InboxCount {
  siteId: string;
  language: string;
  waiting: number;
  oldestSince: string;
}

/** Each brand's own language, for members who never chose one (the brand's domain language). */
export function brandLanguages(registry: TenantRegistry): Record<string, string> {
  return Object.fromEntries(registry.tenants.map((tenant) => [tenant.id, tenant.domain_language.slice(0, 2)]));
}

/** A JSON list as a set of text values, the same on PGlite and postgres.js (docs/conventions.md#known-traps). */
const textSet = (values: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** The waiting conversations the operator may see, with the member's language and the claim. */
function waitingQuery(staff: Pick<StaffMember, "id" | "brands" | "languages">, languages: Record<string, string>): SQL {
  return sql`
    select w.* from (
      select cm.conversation_id, cm.member_id as profile_id, pp.name as profile_name, cm.other_id as member_id, mp.name as member_name,
        m.site_id, coalesce(m.language, ${JSON.stringify(languages)}::jsonb ->> m.site_id, 'nl') as language,
        (select min(msg.created_at) from messages msg where msg.conversation_id = cm.conversation_id and msg.id > cm.read_up_to and msg.sender_id = cm.other_id) as waiting_since,
        s.email as claimed_by, cc.staff_id = ${staff.id} as claimed_by_me,
        exists (select 1 from message_flags f where f.conversation_id = cm.conversation_id and f.handled_at is null) as asks_real,
        coalesce(mc.vulnerable_at is not null and mc.warning_sent_at is null, false) as needs_care_warning
      from conversation_members cm
      join members p on p.id = cm.member_id and p.is_fictional
      join profiles pp on pp.member_id = p.id
      join members m on m.id = cm.other_id and m.status in ('active', 'not_confirmed')
      join profiles mp on mp.member_id = m.id
      left join conversation_claims cc on cc.conversation_id = cm.conversation_id and cc.expires_at > now()
      left join staff_members s on s.id = cc.staff_id
      left join member_care mc on mc.member_id = m.id
      where cm.unread > 0
        and not exists (select 1 from blocks b where (b.blocker_id = m.id and b.blocked_id = p.id) or (b.blocker_id = p.id and b.blocked_id = m.id))
        ${staff.brands.length > 0 ? sql`and m.site_id in ${textSet(staff.brands)}` : sql``}
    ) w
    where w.waiting_since is not null
      ${staff.languages.length > 0 ? sql`and w.language in ${textSet(staff.languages)}` : sql``}`;
}

interface WaitingRow {
  conversation_id: number | string;
  profile_id: number | string;
  profile_name: string;
  member_id: number | string;
  member_name: string;
  site_id: string;
  language: string;
  waiting_since: Date | string;
  claimed_by: string | null;
  claimed_by_me: boolean | null;
  asks_real: boolean;
  needs_care_warning: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The oldest waiting conversations first. */
export async function waitingConversations(db: Executor, staff: Pick<StaffMember, "id" | "brands" | "languages">, languages: Record<string, string>, limit = 100): Promise<WaitingConversation[]> {
  const rows = resultRows<WaitingRow>(await db.execute(sql`${waitingQuery(staff, languages)} order by w.waiting_since, w.conversation_id limit ${limit}`));
  return rows.map((row) => ({
    conversationId: Number(row.conversation_id),
    profileId: Number(row.profile_id),
    profileName: row.profile_name,
    memberId: Number(row.member_id),
    memberName: row.member_name,
    siteId: row.site_id,
    language: row.language,
    waitingSince: iso(row.waiting_since),
    claimedBy: row.claimed_by,
    claimedByMe: row.claimed_by_me === true,
    asksReal: row.asks_real,
    needsCareWarning: row.needs_care_warning,
  }));
}

/** How many wait per brand and language, and since when the oldest waits. */
export async function inboxCounts(db: Executor, staff: Pick<StaffMember, "id" | "brands" | "languages">, languages: Record<string, string>): Promise<InboxCount[]> {
  const rows = resultRows<{ site_id: string; language: string; waiting: number | string; oldest: Date | string }>(
    await db.execute(sql`select site_id, language, count(*) as waiting, min(waiting_since) as oldest from (${waitingQuery(staff, languages)}) q group by site_id, language order by min(waiting_since)`),
  );
  return rows.map((row) => ({ siteId: row.site_id, language: row.language, waiting: Number(row.waiting), oldestSince: iso(row.oldest) }));
}
