import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import type { Database } from "../../../db/client.server";
import {
  accountDeletions,
  blocks,
  creditLedger,
  dataExports,
  directDebitRequests,
  likes,
  loginAttempts,
  members,
  messages,
  orders,
  photos,
  profiles,
  pushSubscriptions,
  sessions,
} from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { TenantRegistry } from "~/tenancy/registry";
import { tenantOrigin } from "~/web/site-origin.server";
import { ALL_BRANDS, countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { sendAccountMail } from "./account-mail.server";
import { recordSecurityEvent } from "~/models/safety/security-events.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a prepared ZIP can be fetched with the mailed link. */
export const EXPORT_DAYS = 7;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type ExportRequest = { ok: true } | { ok: false; reason: "pending" | "tooMany"; retryAfterSeconds?: number };

/** Asks for a ZIP of the member's data; one is prepared at a time, a few a day (the job does the work). */
export async function requestDataExport(db: Database, memberId: number, siteId: string): Promise<ExportRequest> {
  const [pending] = await db.select({ id: dataExports.id }).from(dataExports).where(and(eq(dataExports.memberId, memberId), isNull(dataExports.readyAt)));
  if (pending) return { ok: false, reason: "pending" };
  const counted = await countRequest(db, ALL_BRANDS, [[RATE_LIMITS.dataExportPerMember, memberId]]);
  if (!counted.ok) return { ok: false, reason: "tooMany", retryAfterSeconds: counted.retryAfterSeconds };
  await db.insert(dataExports).values({ memberId });
  await recordSecurityEvent(db, { memberId, siteId, kind: "data_export_requested" });
  return { ok: true };
}

/** The member's newest export, for the settings page. */
export async function latestDataExport(db: Database, memberId: number, now = new Date()) {
  const [row] = await db
    .select({ createdAt: dataExports.createdAt, readyAt: dataExports.readyAt, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(and(eq(dataExports.memberId, memberId), or(isNull(dataExports.expiresAt), gt(dataExports.expiresAt, now))))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row ?? null;
}

/** The ZIP for its own member with a live link's token, or null (another member, a used-up or expired link). */
export async function dataExportFile(db: Database, memberId: number, token: string, now = new Date()): Promise<Buffer | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ zip: dataExports.zip })
    .from(dataExports)
    .where(and(eq(dataExports.tokenHash, hashToken(token)), eq(dataExports.memberId, memberId), gt(dataExports.expiresAt, now)));
  return row?.zip ?? null;
}

/**
 * Everything stored about a member (GDPR articles 15 and 20): account, profile, photos, the
 * messages they wrote, likes, blocks, orders and credit ledger, direct-debit mandates, settings,
 * login history and sessions. Not the password hash, the two-step login's secret and recovery-code
 * hashes (review N-L-4: enough to pass the second step), nor what others wrote.
 */
export async function collectMemberData(db: Database, memberId: number) {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member) return null;
  const { passwordHash: _secret, totpSecret: _totp, totpRecoveryCodes: _recovery, totpLastStep: _step, ...account } = member;
  const [profile] = await db.select().from(profiles).where(eq(profiles.memberId, memberId));
  return {
    account,
    profile: profile ?? null,
    photos: await db.select().from(photos).where(eq(photos.memberId, memberId)),
    messagesWritten: await db
      .select({ conversationId: messages.conversationId, kind: messages.kind, body: messages.body, giftId: messages.giftId, photoKey: messages.photoKey, credits: messages.credits, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.senderId, memberId))
      .orderBy(asc(messages.createdAt)),
    likesGiven: await db.select({ likedId: likes.likedId, source: likes.source, createdAt: likes.createdAt, matchedAt: likes.matchedAt }).from(likes).where(eq(likes.likerId, memberId)),
    likesReceived: await db.select({ likerId: likes.likerId, createdAt: likes.createdAt }).from(likes).where(eq(likes.likedId, memberId)),
    blocked: await db.select({ blockedId: blocks.blockedId, createdAt: blocks.createdAt }).from(blocks).where(eq(blocks.blockerId, memberId)),
    orders: await db.select().from(orders).where(eq(orders.memberId, memberId)),
    creditLedger: await db.select().from(creditLedger).where(eq(creditLedger.memberId, memberId)),
    directDebitMandates: await db
      .select({
        accountHolder: directDebitRequests.accountHolder,
        iban: directDebitRequests.iban,
        street: directDebitRequests.street,
        houseNumber: directDebitRequests.houseNumber,
        zip: directDebitRequests.zip,
        city: directDebitRequests.city,
        phone: directDebitRequests.phone,
        amountCents: directDebitRequests.amountCents,
        consentedAt: directDebitRequests.consentedAt,
        verifiedAt: directDebitRequests.verifiedAt,
      })
      .from(directDebitRequests)
      .where(eq(directDebitRequests.memberId, memberId)),
    pushSubscriptions: (await db.select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt }).from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId))).map(
      (row) => ({ service: new URL(row.endpoint).host, createdAt: row.createdAt }),
    ),
    sessions: await db.select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.memberId, memberId)),
    loginHistory: member.email
      ? await db
          .select({ at: loginAttempts.createdAt, succeeded: loginAttempts.succeeded, address: loginAttempts.ip })
          .from(loginAttempts)
          .where(and(eq(loginAttempts.siteId, member.siteId), eq(loginAttempts.email, member.email)))
      : [],
    deletionRequests: await db
      .select({ reason: accountDeletions.reason, remarks: accountDeletions.remarks, requestedAt: accountDeletions.requestedAt, reactivatedAt: accountDeletions.reactivatedAt })
      .from(accountDeletions)
      .where(eq(accountDeletions.memberId, memberId)),
  };
}

/**
 * The job: prepares each asked-for export — data.json and the member's photo files (profile and
 * the ones they sent in chat) in a ZIP — and mails its one-time link. Expired ones are removed.
 */
export async function prepareDataExports(db: Database, storage: Storage, registry: TenantRegistry, now = new Date()): Promise<number> {
  await db.delete(dataExports).where(lt(dataExports.expiresAt, now));
  const pending = await db
    .select({ id: dataExports.id, memberId: dataExports.memberId, siteId: members.siteId, email: members.email, language: members.language, name: profiles.name })
    .from(dataExports)
    .innerJoin(members, eq(members.id, dataExports.memberId))
    .leftJoin(profiles, eq(profiles.memberId, members.id))
    .where(isNull(dataExports.readyAt))
    .limit(20);
  let prepared = 0;
  for (const request of pending) {
    const tenant = registry.get(request.siteId);
    const data = await collectMemberData(db, request.memberId);
    if (!tenant || !data || !request.email) {
      await db.delete(dataExports).where(eq(dataExports.id, request.id));
      continue;
    }
    const files: Record<string, Uint8Array> = { "data.json": strToU8(JSON.stringify(data, null, 2)) };
    const keys = [...data.photos.map((photo) => photo.storageKey), ...data.messagesWritten.flatMap((message) => (message.photoKey ? [message.photoKey] : []))];
    for (const key of keys) {
      const bytes = await storage.get(key);
      if (bytes) files[`files/${key}`] = bytes;
    }
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + EXPORT_DAYS * DAY_MS);
    await db
      .update(dataExports)
      .set({ zip: Buffer.from(zipSync(files, { level: 6 })), tokenHash: hashToken(token), readyAt: now, expiresAt })
      .where(eq(dataExports.id, request.id));
    const link = `${tenantOrigin(tenant)}/settings/privacy/export/${token}`;
    await sendAccountMail(tenant, { email: request.email, name: request.name ?? "", language: request.language }, (t) => ({
      subject: t("security:mail.dataExport.subject", { siteName: tenant.name }),
      paragraphs: [t("security:mail.dataExport.intro")],
      button: { label: t("security:mail.dataExport.button"), url: link },
      notes: [t("security:mail.dataExport.expiry", { days: EXPORT_DAYS })],
    }));
    prepared += 1;
  }
  return prepared;
}
