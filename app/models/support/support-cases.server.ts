import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { members, orders, supportCases, supportMessages } from "../../../db/schema";
import type { CaseStatus, SupportSubject } from "~/domain/support-subjects";
import { seal, unseal } from "~/services/secrets/seal.server";
import type { StaffMember } from "~/models/staff/staff-roles";
import { inStaffBrands, inStaffLanguages } from "~/models/staff/staff-scope.server";

/** Case numbers people read out and type: no 0/O or 1/I. */
const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newReference(): string {
  return `K-${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("")}`;
}

export interface CaseAccess {
  reference: string;
  /** The secret of the case's link and reply address; stored sealed, so every answer can carry it. */
  token: string;
}

/**
 * Opens a case from the /complaints form (docs/product/support.md#cases) with its first message.
 * An order reference is linked when it names an order of this brand bought by the member (or, for
 * a visitor, by the account with that address); what was typed is kept either way.
 */
export async function openCase(
  db: Database,
  input: { siteId: string; memberId: number | null; email: string; language: string; subject: SupportSubject; message: string; orderReference: string | null },
): Promise<CaseAccess & { caseId: number }> {
  const token = randomBytes(18).toString("base64url");
  const orderNumber = Number(input.orderReference?.replace(/\D/g, "") || NaN);
  return db.transaction(async (tx) => {
    let orderId: number | null = null;
    if (Number.isSafeInteger(orderNumber) && orderNumber > 0) {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .where(and(eq(orders.id, orderNumber), eq(orders.siteId, input.siteId), input.memberId !== null ? eq(orders.memberId, input.memberId) : eq(members.email, input.email)));
      orderId = order?.id ?? null;
    }
    for (;;) {
      const reference = newReference();
      const [created] = await tx
        .insert(supportCases)
        .values({ reference, siteId: input.siteId, memberId: input.memberId, email: input.email, language: input.language, subject: input.subject, orderId, orderReference: input.orderReference || null, replyToken: seal("support-case", token) })
        .onConflictDoNothing()
        .returning({ id: supportCases.id });
      if (!created) continue;
      await tx.insert(supportMessages).values({ caseId: created.id, author: "customer", body: input.message, via: "form" });
      return { caseId: created.id, reference, token };
    }
  });
}

/** The case a link or reply address opens, when its token is right. */
async function caseByAccess(db: Executor, access: CaseAccess) {
  const [found] = await db.select().from(supportCases).where(eq(supportCases.reference, access.reference.toUpperCase()));
  if (!found) return null;
  const given = Buffer.from(access.token);
  const stored = Buffer.from(unseal("support-case", found.replyToken) ?? "");
  return given.length === stored.length && timingSafeEqual(given, stored) ? found : null;
}

/** The link secret of a case as stored, for the mails that answer it. */
export function caseAccessOf(found: { reference: string; replyToken: string }): CaseAccess | null {
  const token = unseal("support-case", found.replyToken);
  return token ? { reference: found.reference, token } : null;
}

export interface CaseMessage {
  id: number;
  author: "customer" | "staff";
  body: string;
  via: string;
  at: string;
}

async function messagesOf(db: Executor, caseId: number): Promise<CaseMessage[]> {
  const rows = await db.select().from(supportMessages).where(eq(supportMessages.caseId, caseId)).orderBy(asc(supportMessages.id));
  return rows.map((row) => ({ id: row.id, author: row.author, body: row.body, via: row.via, at: row.createdAt.toISOString() }));
}

/** The case as its customer sees it through the mailed link: subject, status and every message. */
export async function customerCase(db: Executor, access: CaseAccess, siteId: string) {
  const found = await caseByAccess(db, access);
  if (!found || found.siteId !== siteId) return null;
  return { reference: found.reference, subject: found.subject as SupportSubject, status: found.status as CaseStatus, messages: await messagesOf(db, found.id) };
}

/**
 * The customer adds to their case, through its page or by answering a mail: the case is open
 * again for support. False for a wrong link or address.
 */
export async function addCustomerMessage(db: Database, access: CaseAccess, input: { body: string; via: "form" | "mail"; siteId?: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await caseByAccess(tx, access);
    if (!found || (input.siteId && found.siteId !== input.siteId)) return false;
    await tx.insert(supportMessages).values({ caseId: found.id, author: "customer", body: input.body.slice(0, 20_000), via: input.via });
    await tx.update(supportCases).set({ status: "open", updatedAt: new Date() }).where(eq(supportCases.id, found.id));
    return true;
  });
}

/** The case's own reply address: the brand's support address with the case in its "+" part, which the mail provider hands back. */
export function caseReplyAddress(supportEmail: string, access: CaseAccess): string {
  const at = supportEmail.lastIndexOf("@");
  return `${supportEmail.slice(0, at)}+${access.reference}.${access.token}${supportEmail.slice(at)}`;
}

/** The case named by the "+" part of a reply address (reference and token), or null. */
export function accessFromMailboxHash(hash: string): CaseAccess | null {
  const match = /^(K-[A-Z0-9]{8})\.([A-Za-z0-9_-]{10,100})$/i.exec(hash.trim());
  return match ? { reference: match[1]!.toUpperCase(), token: match[2]! } : null;
}

export interface QueueCase {
  id: number;
  reference: string;
  siteId: string;
  subject: string;
  status: string;
  email: string;
  memberId: number | null;
  updatedAt: string;
}

/**
 * The cases a support staff member handles: of their brands and in their languages (the
 * customer's), docs/product/staff.md#brands-and-languages.
 */
export function caseInStaffScope(staff: Pick<StaffMember, "brands" | "languages">): SQL | undefined {
  return and(inStaffBrands(staff, supportCases.siteId), inStaffLanguages(staff, supportCases.language));
}

/** Cases of the staff member's brands and languages with a status, the longest untouched first. */
export async function caseQueue(db: Executor, staff: Pick<StaffMember, "brands" | "languages">, status: CaseStatus, limit = 100): Promise<QueueCase[]> {
  const rows = await db
    .select({ id: supportCases.id, reference: supportCases.reference, siteId: supportCases.siteId, subject: supportCases.subject, status: supportCases.status, email: supportCases.email, memberId: supportCases.memberId, updatedAt: supportCases.updatedAt })
    .from(supportCases)
    .where(and(eq(supportCases.status, status), caseInStaffScope(staff)))
    .orderBy(status === "closed" ? desc(supportCases.updatedAt) : asc(supportCases.updatedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

/** How many cases wait for support per status, on the staff member's brands and in their languages. */
export async function caseCounts(db: Executor, staff: Pick<StaffMember, "brands" | "languages">): Promise<Record<CaseStatus, number>> {
  const rows = await db
    .select({ status: supportCases.status, n: sql<number>`count(*)::int` })
    .from(supportCases)
    .where(caseInStaffScope(staff))
    .groupBy(supportCases.status);
  const counts = { open: 0, waiting: 0, closed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export async function caseMessages(db: Executor, caseId: number): Promise<CaseMessage[]> {
  return messagesOf(db, caseId);
}
