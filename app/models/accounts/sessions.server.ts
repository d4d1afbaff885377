import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { preparedPerDatabase, prepareTimed } from "../../../db/prepared.server";
import { members, photos, profiles, sessions } from "../../../db/schema";
import { SESSION_DAYS, sessionCookie } from "~/web/cookies.server";
import { mayBeLoggedIn, type CurrentMember } from "~/models/members/current-member";
import { DEFAULT_SESSION_IDLE_DAYS } from "~/tenancy/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session. */
const SEEN_INTERVAL_MS = 5 * 60 * 1000;

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** A new session with a new random id (never reuse one across logins). Returns the Set-Cookie value. */
export async function startSession(db: Executor, input: { memberId: number; siteId: string; userAgent: string | null }): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    memberId: input.memberId,
    siteId: input.siteId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS),
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return sessionCookie.serialize(id);
}

export async function sessionIdFrom(cookieHeader: string | null): Promise<string | null> {
  const value = (await sessionCookie.parse(cookieHeader)) as unknown;
  return typeof value === "string" && value.length > 20 ? value : null;
}

/** Every request of a logged-in member starts with this lookup. */
const sessionLookup = preparedPerDatabase((db: Database) =>
  prepareTimed(
    db
      .select({
        id: members.id,
        siteId: members.siteId,
        email: members.email,
        status: members.status,
        language: members.language,
        credits: members.credits,
        freeMessages: members.freeMessages,
        paidUser: members.paidUser,
        invisible: members.invisible,
        notificationsDisabled: members.notificationsDisabled,
        promptsSnoozed: members.promptsSnoozed,
        lastChatId: members.lastChatId,
        createdAt: members.createdAt,
        name: profiles.name,
        thumbKey: photos.thumbKey,
        lastSeenAt: sessions.lastSeenAt,
        sessionStartedAt: sessions.createdAt,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .where(
        and(
          eq(sessions.idHash, sql.placeholder("idHash")),
          eq(sessions.siteId, sql.placeholder("siteId")),
          gt(sessions.expiresAt, sql`now()`),
          // Idle sessions end as well: a browser left logged in and not used for the brand's idle
          // days is logged out, whatever is left of the 30 days (docs/product/accounts.md#sessions).
          sql`${sessions.lastSeenAt} > now() - make_interval(days => ${sql.placeholder("idleDays")}::int)`,
        ),
      )
      .limit(1),
    "session_member",
  ),
);

/**
 * The member of a live session on this site. A session of another site, an expired or idle one,
 * or one whose member is disabled, deleting or deleted is no session.
 */
export async function findSessionMember(db: Database, sessionId: string, siteId: string, idleDays = DEFAULT_SESSION_IDLE_DAYS, timeZone = "UTC"): Promise<CurrentMember | null> {
  const now = new Date();
  const [row] = await sessionLookup(db).execute({ idHash: hashSessionId(sessionId), siteId, idleDays });
  if (!row || !row.email || !mayBeLoggedIn(row.status)) return null;
  // The first request of a session, and one every few minutes after: the brand's figures count the
  // member active on this day of the brand (docs/product/console.md#figures).
  if (now.getTime() - row.lastSeenAt.getTime() > SEEN_INTERVAL_MS || row.lastSeenAt.getTime() === row.sessionStartedAt.getTime()) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, hashSessionId(sessionId)));
    await db.update(profiles).set({ lastActiveAt: now }).where(eq(profiles.memberId, row.id));
    await db.execute(sql`insert into member_active_days (member_id, day) values (${row.id}, (now() at time zone ${timeZone})::date) on conflict do nothing`);
  }
  const { lastSeenAt: _seen, sessionStartedAt: _started, ...member } = row;
  return { ...member, email: row.email, status: row.status };
}

/**
 * Which of these sessions still stand: the open event streams ask for theirs together now and
 * then, and a revoked one ends its stream (app/services/realtime/event-stream.server.ts).
 */
export async function liveSessionIds(db: Executor, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const byHash = new Map(sessionIds.map((id) => [hashSessionId(id), id]));
  const rows = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(inArray(sessions.idHash, [...byHash.keys()]), gt(sessions.expiresAt, new Date())));
  return new Set(rows.map((row) => byHash.get(row.idHash)!));
}

export async function endSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(sessionId)));
}

/** A member's live sessions, newest use first, for the list in /settings. */
export async function listMemberSessions(db: Executor, memberId: number, currentSessionId: string | null) {
  const rows = await db
    .select({ idHash: sessions.idHash, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(50);
  const current = currentSessionId ? hashSessionId(currentSessionId) : null;
  // The hash is the stored id of a session; a short digest of it names one in a form without
  // giving the stored value itself away.
  return rows.map((row) => ({ ref: sessionRef(row.idHash), createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, userAgent: row.userAgent, current: row.idHash === current }));
}

function sessionRef(idHash: string): string {
  return createHash("sha256").update(`ref:${idHash}`).digest("base64url").slice(0, 16);
}

/** Ends one of the member's sessions, named by its reference from the list. */
export async function endSessionByRef(db: Executor, memberId: number, ref: string): Promise<boolean> {
  const rows = await db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.memberId, memberId));
  const match = rows.find((row) => sessionRef(row.idHash) === ref);
  if (!match) return false;
  await db.delete(sessions).where(and(eq(sessions.memberId, memberId), eq(sessions.idHash, match.idHash)));
  return true;
}

/** Ends every session of a member, or every one but the current. */
export async function endMemberSessions(db: Executor, memberId: number, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.memberId, memberId), keepSessionId ? ne(sessions.idHash, hashSessionId(keepSessionId)) : sql`true`));
}

export async function deleteExpiredSessions(db: Executor, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export function clearSessionCookie(): Promise<string> {
  return sessionCookie.serialize("", { maxAge: 0 });
}
