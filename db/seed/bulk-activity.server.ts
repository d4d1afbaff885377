import { sql, type SQL } from "drizzle-orm";
import type { Tenant } from "../../app/tenancy/schema";
import type { Database } from "../client.server";

/** Members per statement: each batch is one transaction of a few hundred thousand rows. */
const BATCH = 50_000;
const LIKES_PER_MEMBER = 3;
/** One member in this many starts a conversation. */
const CONVERSATION_EVERY = 5;
const MESSAGES_PER_CONVERSATION = 10;
/** What the brand's demo logins get, so the pages a logged-in member opens have something to show. */
const DEMO_LIKES_RECEIVED = 40;
const DEMO_CONVERSATIONS = 15;
const DEMO_MESSAGES = 20;

/**
 * Likes, conversations and messages among a pool's bulk profiles (`seedBulk`), in the shares a
 * busy site has — three likes given per member, a conversation for one member in five with ten
 * messages — and a full inbox for the brand's demo logins. Members are paired by arithmetic on
 * their ids (spread over the whole pool, never with themselves), all in SQL, so a million
 * profiles take minutes.
 */
export async function seedBulkActivity(db: Database, tenant: Tenant, log: (line: string) => void = () => undefined): Promise<void> {
  const range = await bulkRange(db, tenant);
  if (!range) return;
  const { lo, span } = range;
  for (let start = lo; start < lo + span; start += BATCH) {
    const end = Math.min(lo + span - 1, start + BATCH - 1);
    await db.execute(sql`
      insert into likes (liker_id, liked_id, source, created_at, seen_at)
      select g.id, t.id, 'search', now() - (g.id % 30) * interval '1 day', case when g.id % 5 = 0 then null else now() end
      from generate_series(${start}::bigint, ${end}::bigint) g(id)
      cross join generate_series(1, ${LIKES_PER_MEMBER}) k
      join members l on l.id = g.id
      join members t on t.id = ${lo}::bigint + ((g.id - ${lo}::bigint) * 7919 + k * 104729) % ${span}::bigint
      where t.id <> g.id
      on conflict do nothing
    `);
    await insertConversations(
      db,
      sql`select g.id as a, ${lo}::bigint + ((g.id - ${lo}::bigint) * 31 + 17) % ${span}::bigint as b
          from generate_series(${start}::bigint, ${end}::bigint) g(id)
          where (g.id - ${lo}::bigint) % ${CONVERSATION_EVERY} = 0`,
      MESSAGES_PER_CONVERSATION,
    );
    log(`activity: ${end - lo + 1} / ${span} members`);
  }

  await seedDemoInboxes(db, tenant);
}

/** The ids of the pool's bulk profiles: from `lo`, `span` of them (a few may be missing). */
async function bulkRange(db: Database, tenant: Tenant): Promise<{ lo: number; span: number } | null> {
  const [range] = (await db.execute(sql`
    select min(id)::bigint as lo, max(id)::bigint as hi from members where seed_ref like ${`${tenant.pool}:bulk:%`}
  `)) as unknown as Array<{ lo: string | null; hi: string | null }>;
  if (!range?.lo || !range.hi) return null;
  return { lo: Number(range.lo), span: Number(range.hi) - Number(range.lo) + 1 };
}

/** Likes received and conversations with bulk profiles for each of the brand's demo logins. */
export async function seedDemoInboxes(db: Database, tenant: Tenant): Promise<void> {
  const range = await bulkRange(db, tenant);
  if (!range) return;
  const { lo, span } = range;
  const demo = (await db.execute(sql`
    select id::bigint as id from members where seed_ref like ${`demo-account:${tenant.id}:%`}
  `)) as unknown as Array<{ id: string }>;
  for (const { id } of demo) {
    await db.execute(sql`
      insert into likes (liker_id, liked_id, source, created_at)
      select m.id, ${id}::bigint, 'search', now() - k * interval '1 hour'
      from generate_series(1, ${DEMO_LIKES_RECEIVED}) k
      join members m on m.id = ${lo}::bigint + (k * 997) % ${span}::bigint
      on conflict do nothing
    `);
    await insertConversations(
      db,
      sql`select ${id}::bigint as a, ${lo}::bigint + (k * 1013) % ${span}::bigint as b from generate_series(1, ${DEMO_CONVERSATIONS}) k`,
      DEMO_MESSAGES,
    );
  }
  await db.execute(sql`analyze likes, conversations, conversation_members, messages`);
}

/**
 * Conversations between the pairs (a, b) the query returns — a starts, both write in turn — with
 * each side's place in their list. Pairs that already talk, or a member with themselves, are left out.
 */
async function insertConversations(db: Database, pairs: SQL, messagesEach: number): Promise<void> {
  await db.execute(sql`
    with pair as (
      select distinct on (least(p.a, p.b), greatest(p.a, p.b)) p.a, p.b
      from (${pairs}) p join members ma on ma.id = p.a join members mb on mb.id = p.b
      where p.a <> p.b
    ),
    conversation as (
      insert into conversations (member_low, member_high, started_by, created_at)
      select least(a, b), greatest(a, b), a, now() - interval '10 days' from pair
      on conflict do nothing
      returning id, member_low, member_high, started_by
    ),
    message as (
      insert into messages (conversation_id, sender_id, kind, body, created_at)
      select c.id, case when k % 2 = 1 then c.started_by else c.member_low + c.member_high - c.started_by end,
        'text', 'Hoi, hoe gaat het? (' || k || ')', now() - interval '10 days' + k * interval '1 hour'
      from conversation c cross join generate_series(1, ${messagesEach}) k
      returning id, conversation_id, created_at
    ),
    newest as (
      select distinct on (conversation_id) conversation_id, id, created_at from message order by conversation_id, id desc
    )
    insert into conversation_members (conversation_id, member_id, other_id, last_message_id, last_message_at, unread, read_up_to)
    select c.id, side.member_id, side.other_id, n.id, n.created_at, 0, n.id
    from conversation c
    join newest n on n.conversation_id = c.id
    cross join lateral (values (c.member_low, c.member_high), (c.member_high, c.member_low)) side(member_id, other_id)
  `);
}
