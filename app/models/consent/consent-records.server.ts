import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { consentRecords } from "../../../db/schema";
import { CONSENT_TEXT_VERSION, currentChoice, type ConsentChoice } from "./consent-choice";

export interface NewConsent {
  siteId: string;
  memberId: number | null;
  analytics: boolean;
  marketing: boolean;
  gpc: boolean;
  source: "banner" | "signup";
}

/**
 * Writes down a choice (docs/product/site.md#consent-record) under the current text version and
 * returns it as the cookie keeps it. Marketing is never recorded as allowed for a browser that
 * sent Sec-GPC: 1.
 */
export async function recordConsent(db: Executor, input: NewConsent, now = new Date()): Promise<ConsentChoice> {
  const marketing = input.marketing && !input.gpc;
  await db.insert(consentRecords).values({
    siteId: input.siteId,
    memberId: input.memberId,
    analytics: input.analytics,
    marketing,
    gpc: input.gpc,
    textVersion: CONSENT_TEXT_VERSION,
    source: input.source,
    createdAt: now,
  });
  return { analytics: input.analytics, marketing, version: CONSENT_TEXT_VERSION, at: now.getTime() };
}

/** The member's newest choice on the brand, when it was made under the current text version. */
export async function accountConsent(db: Executor, siteId: string, memberId: number): Promise<ConsentChoice | null> {
  const [row] = await db
    .select()
    .from(consentRecords)
    .where(and(eq(consentRecords.memberId, memberId), eq(consentRecords.siteId, siteId)))
    .orderBy(desc(consentRecords.id))
    .limit(1);
  return row ? currentChoice({ analytics: row.analytics, marketing: row.marketing, version: row.textVersion, at: row.createdAt.getTime() }) : null;
}

/**
 * Whether the member's newest choice, under any text version, allows marketing: a conversion
 * postback of a brand with `postbacks_need_consent` is sent only then (docs/product/landers.md#postbacks-and-consent).
 */
export async function allowsMarketing(db: Executor, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ marketing: consentRecords.marketing })
    .from(consentRecords)
    .where(eq(consentRecords.memberId, memberId))
    .orderBy(desc(consentRecords.id))
    .limit(1);
  return row?.marketing ?? false;
}
