import { and, eq } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { emailTokens, members } from "../../../db/schema";
import { consumeToken, hashToken, issueToken } from "~/models/accounts/email-tokens.server";

/** A mail link's token: 32 random bytes in base64url, the whole path of the link. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a one-segment path has the shape of a mail link (any other unknown path stays a 404). */
export function isMailLinkToken(segment: string | undefined): segment is string {
  return segment !== undefined && LINK_TOKEN.test(segment);
}

/**
 * The link a notification mail's button carries (docs/product/notifications.md#mail-links):
 * `{origin}/{token}`, which logs the member in once, within 7 days, on their own brand, and opens
 * `targetPath`.
 */
export async function mailLink(db: Executor, origin: string, memberId: number, targetPath: string, now = new Date()): Promise<string> {
  const token = await issueToken(db, { memberId, purpose: "login_link", targetPath, now });
  return `${origin}/${token}`;
}

/** The page a link of this brand opens, without using the link (null for no such link). */
export async function peekMailLink(db: Executor, token: string, siteId: string): Promise<string | null> {
  const [known] = await db
    .select({ targetPath: emailTokens.targetPath })
    .from(emailTokens)
    .innerJoin(members, eq(members.id, emailTokens.memberId))
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, "login_link"), eq(members.siteId, siteId)));
  return known ? (known.targetPath ?? "/") : null;
}

export type OpenedLink = { status: "valid"; memberId: number; targetPath: string } | { status: "spent"; targetPath: string };

/**
 * Uses a mail link of this brand: the member and page once; afterwards (or once expired) only the
 * page, to log in for. Null for a token that was never one of this brand's links.
 */
export async function openMailLink(db: Executor, token: string, siteId: string, now = new Date()): Promise<OpenedLink | null> {
  const used = await consumeToken(db, token, "login_link", siteId, now);
  if (used) return { status: "valid", memberId: used.memberId, targetPath: used.targetPath ?? "/" };
  const known = await peekMailLink(db, token, siteId);
  return known === null ? null : { status: "spent", targetPath: known };
}
