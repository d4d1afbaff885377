import { and, asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../../../db/client.server";
import { blocks, conversations, members, messages, photos, profiles, reports } from "../../../db/schema";
import type { PhotoRejectReason, ReportReason, TextRejectReason, WarningReason } from "~/domain/moderation-reasons";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { recordStaffAction } from "~/models/staff/staff-audit.server";
import type { StaffMember } from "~/models/staff/staff-roles";
import { inStaffBrands } from "~/models/staff/staff-scope.server";
import type { Storage } from "~/services/storage/storage";
import { signedMediaUrl } from "~/services/storage/signed-media.server";
import type { TenantRegistry } from "~/tenancy/registry";
import { moderatePhoto } from "~/models/profiles/photos.server";
import { syncPublicFace } from "~/models/profiles/public-face.server";
import { addNotice, mailNotice } from "./member-notices.server";

import { REPORT_TEXT_LIMIT } from "./report-form";

export type ReportOutcome = { ok: true } | { ok: false; reason: "notFound" | "already" } | { ok: false; reason: "tooMany"; retryAfterSeconds: number };

/**
 * A member reports a profile they can see (docs/product/moderation.md#reports): one open report
 * per pair, the conversation kept when it came from one, counted against the member's daily limit.
 */
export async function reportProfile(
  db: Database,
  input: { reporterId: number; siteId: string; pool: string; reportedId: number; conversationId: number | null; reason: ReportReason; text: string | null },
): Promise<ReportOutcome> {
  if (input.reportedId === input.reporterId) return { ok: false, reason: "notFound" };
  if (!(await reportableProfile(db, { memberId: input.reportedId, pool: input.pool, viewerId: input.reporterId }))) return { ok: false, reason: "notFound" };
  // Only a conversation of the two of them is kept with the report.
  let conversationId: number | null = null;
  if (input.conversationId !== null) {
    const [pair] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.id, input.conversationId),
          eq(conversations.memberLow, Math.min(input.reporterId, input.reportedId)),
          eq(conversations.memberHigh, Math.max(input.reporterId, input.reportedId)),
        ),
      );
    conversationId = pair?.id ?? null;
  }
  const counted = await countRequest(db, input.siteId, [[RATE_LIMITS.reportPerMember, input.reporterId]]);
  if (!counted.ok) return { ok: false, reason: "tooMany", retryAfterSeconds: counted.retryAfterSeconds };
  const inserted = await db
    .insert(reports)
    .values({ siteId: input.siteId, reporterId: input.reporterId, reportedId: input.reportedId, conversationId, reason: input.reason, text: input.text?.trim().slice(0, REPORT_TEXT_LIMIT) || null })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return inserted.length > 0 ? { ok: true } : { ok: false, reason: "already" };
}

export interface ReportItem {
  id: number;
  siteId: string;
  reason: string;
  text: string | null;
  createdAt: string;
  reporter: { id: number; name: string };
  reported: { id: number; name: string; about: string | null; status: string; isFictional: boolean; openReports: number };
  /** The reported member's photos that others can see or that wait, and the photos they sent in the reported conversation. */
  photos: Array<{ id: number; url: string; status: string }>;
  chatPhotos: Array<{ messageId: number; url: string }>;
  /** The last messages of the reported conversation, oldest first. */
  messages: Array<{ id: number; fromReported: boolean; body: string | null; kind: string; at: string }>;
}

/** Open reports on the moderator's brands, oldest first, each with what a moderator needs to judge it. */
export async function reportQueue(db: Executor, staff: Pick<StaffMember, "brands">, limit = 20): Promise<ReportItem[]> {
  const reporter = alias(profiles, "reporter");
  const rows = await db
    .select({
      id: reports.id,
      siteId: reports.siteId,
      reason: reports.reason,
      text: reports.text,
      createdAt: reports.createdAt,
      conversationId: reports.conversationId,
      reporterId: reports.reporterId,
      reporterName: reporter.name,
      reportedId: reports.reportedId,
      reportedName: profiles.name,
      about: profiles.about,
      status: members.status,
      isFictional: members.isFictional,
    })
    .from(reports)
    .innerJoin(profiles, eq(profiles.memberId, reports.reportedId))
    .innerJoin(members, eq(members.id, reports.reportedId))
    .innerJoin(reporter, eq(reporter.memberId, reports.reporterId))
    .where(and(eq(reports.status, "open"), inStaffBrands(staff, reports.siteId)))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(limit);
  return Promise.all(
    rows.map(async (row) => {
      const [[open], photoRows, messageRows] = await Promise.all([
        // Reports made on other brands of a shared pool are those brands' staff's (review N-M-3).
        db.select({ n: count() }).from(reports).where(and(eq(reports.reportedId, row.reportedId), eq(reports.status, "open"), inStaffBrands(staff, reports.siteId))),
        db.select({ id: photos.id, key: photos.thumbKey, status: photos.status }).from(photos).where(and(eq(photos.memberId, row.reportedId), inArray(photos.status, ["active", "pending"]))).orderBy(asc(photos.position)).limit(25),
        row.conversationId === null
          ? Promise.resolve([])
          : db
              .select({ id: messages.id, senderId: messages.senderId, kind: messages.kind, body: messages.body, thumb: messages.photoThumbKey, at: messages.createdAt })
              .from(messages)
              .where(eq(messages.conversationId, row.conversationId))
              .orderBy(desc(messages.id))
              .limit(30),
      ]);
      return {
        id: row.id,
        siteId: row.siteId,
        reason: row.reason,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
        reporter: { id: row.reporterId, name: row.reporterName },
        reported: { id: row.reportedId, name: row.reportedName, about: row.about, status: row.status, isFictional: row.isFictional, openReports: open?.n ?? 0 },
        photos: photoRows.map((photo) => ({ id: photo.id, url: signedMediaUrl(photo.key), status: photo.status })),
        chatPhotos: messageRows.filter((message) => message.senderId === row.reportedId && message.thumb).map((message) => ({ messageId: message.id, url: signedMediaUrl(message.thumb!) })),
        messages: messageRows.reverse().map((message) => ({ id: message.id, fromReported: message.senderId === row.reportedId, body: message.body, kind: message.kind, at: message.at.toISOString() })),
      };
    }),
  );
}

/** Thrown inside a decision's transaction so that nothing of it is kept: the photo or message is not the reported member's. */
class NotDecided extends Error {}

function notDecided(error: unknown): null {
  if (error instanceof NotDecided) return null;
  throw error;
}

export type ReportDecision =
  | { action: "dismiss" }
  | { action: "warn"; reason: WarningReason }
  | { action: "hide_photo"; photoId: number; reason: PhotoRejectReason }
  | { action: "hide_chat_photo"; messageId: number }
  | { action: "hide_text"; field: "about"; reason: TextRejectReason };

/**
 * What a moderator does with a report (docs/product/moderation.md#reports): dismiss it, warn the
 * member, or hide a photo, a chat photo or the "about me". Every action closes the member's open
 * reports and is audited; the member is told of a warning or a hidden photo or text. (Bans go
 * through bans.server.ts, which closes the reports as well.)
 */
export async function decideReport(db: Database, storage: Storage, registry: TenantRegistry, by: { staff: StaffMember; ip: string | null }, reportId: number, decision: ReportDecision): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const [report] = await tx
      .select({ id: reports.id, siteId: reports.siteId, reportedId: reports.reportedId, conversationId: reports.conversationId })
      .from(reports)
      .where(and(eq(reports.id, reportId), eq(reports.status, "open"), inStaffBrands(by.staff, reports.siteId)))
      .for("update");
    if (!report) return null;
    const member = report.reportedId;
    let files: string[] = [];
    let notice: Parameters<typeof addNotice>[2] | null = null;
    switch (decision.action) {
      case "dismiss":
        break;
      case "warn":
        notice = { kind: "warning", reason: decision.reason };
        break;
      case "hide_photo": {
        // An approved photo is taken down the same way a pending one is rejected.
        await tx.update(photos).set({ status: "pending" }).where(and(eq(photos.id, decision.photoId), eq(photos.memberId, member), eq(photos.status, "active")));
        const photo = await moderatePhoto(tx, decision.photoId, { status: "rejected", reason: decision.reason }, member);
        // Not this member's photo: undo the step above as well (review N-M-4).
        if (!photo) throw new NotDecided();
        files = [photo.storageKey, photo.thumbKey];
        notice = { kind: "photo_rejected", reason: decision.reason };
        break;
      }
      case "hide_chat_photo": {
        const [message] = await tx
          .select({ main: messages.photoKey, thumb: messages.photoThumbKey })
          .from(messages)
          .where(and(eq(messages.id, decision.messageId), eq(messages.senderId, member), isNotNull(messages.photoKey), report.conversationId === null ? sql`false` : eq(messages.conversationId, report.conversationId)));
        if (!message) throw new NotDecided();
        await tx.update(messages).set({ photoKey: null, photoThumbKey: null }).where(eq(messages.id, decision.messageId));
        // Only the chat's own files: a fictional profile's message may show one of its gallery photos.
        files = [message.main, message.thumb].filter((key): key is string => key !== null && key.startsWith("chat/"));
        break;
      }
      case "hide_text":
        await tx.update(profiles).set({ about: null, updatedAt: new Date() }).where(eq(profiles.memberId, member));
        notice = { kind: "text_rejected", reason: decision.reason, field: "about" };
        break;
    }
    if (notice) await addNotice(tx, member, notice);
    const outcome = decision.action === "dismiss" ? "dismissed" : decision.action === "warn" ? "warned" : "hidden";
    await tx
      .update(reports)
      .set({ status: "closed", outcome, decidedAt: new Date(), decidedBy: by.staff.id })
      // The member's other open reports close with it, those of the moderator's brands only: another brand's staff judge theirs.
      .where(decision.action === "dismiss" ? eq(reports.id, report.id) : and(eq(reports.reportedId, member), eq(reports.status, "open"), inStaffBrands(by.staff, reports.siteId)));
    const action = decision.action === "dismiss" ? "report_dismiss" : decision.action === "hide_chat_photo" ? "hide_photo" : decision.action;
    await recordStaffAction(tx, { staffId: by.staff.id, action, siteId: report.siteId, memberId: member, conversationId: report.conversationId, details: { reportId: report.id, ...decision }, ip: by.ip });
    return { member, files, notice };
  }).catch(notDecided);
  if (!done) return false;
  await Promise.all(done.files.map((key) => storage.remove(key)));
  // A hidden face leaves the public area; the next approved photo may take its place.
  if (decision.action === "hide_photo") await syncPublicFace(db, storage, done.member);
  if (done.notice) await mailNotice(db, registry, done.member, done.notice);
  return true;
}

/** The name of a profile the member may report: in their pool, not their own, one they may see or have written with. */
export async function reportableProfile(db: Executor, input: { memberId: number; pool: string; viewerId: number }): Promise<{ name: string } | null> {
  if (input.memberId === input.viewerId) return null;
  const pair = { low: Math.min(input.memberId, input.viewerId), high: Math.max(input.memberId, input.viewerId) };
  const [row] = await db
    .select({
      name: profiles.name,
      status: members.status,
      invisible: members.invisible,
      listed: profiles.listed,
      blockedViewer: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${input.memberId} and ${blocks.blockedId} = ${input.viewerId})`,
      talked: sql<boolean>`exists (select 1 from ${conversations} where ${conversations.memberLow} = ${pair.low} and ${conversations.memberHigh} = ${pair.high})`,
    })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .where(and(eq(profiles.memberId, input.memberId), eq(profiles.pool, input.pool)));
  if (!row || row.status === "deleted") return null;
  // Someone the reporter wrote with stays reportable; anyone else only while the profile page would show them (review N-L-2).
  const visible = (row.status === "active" || row.status === "not_confirmed") && !row.invisible && row.listed && !row.blockedViewer;
  return row.talked || visible ? { name: row.name } : null;
}
