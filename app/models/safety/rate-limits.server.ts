import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { rateLimitCounters } from "../../../db/schema";
import { limitedAddress, WIDER_NETWORK_FACTOR, widerNetwork } from "~/utils/address-network";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface RateLimit {
  name: string;
  max: number;
  windowMs: number;
}

/**
 * How often one address or member may do each thing on one brand (docs/product/safety.md#rate-limits).
 * Generous for a person, tight for a script: each refuses only what no member does by hand.
 */
export const RATE_LIMITS = {
  signupPerAddress: { name: "signup-address", max: 10, windowMs: HOUR_MS },
  resetRequestPerAddress: { name: "reset-request-address", max: 10, windowMs: HOUR_MS },
  resetSubmitPerAddress: { name: "reset-submit-address", max: 20, windowMs: HOUR_MS },
  emailChangePerMember: { name: "email-change-member", max: 3, windowMs: DAY_MS },
  activationResendPerAddress: { name: "activation-resend-address", max: 10, windowMs: HOUR_MS },
  discountCodePerMember: { name: "discount-code-member", max: 10, windowMs: HOUR_MS },
  // What only members do is counted per member, never by a shared (carrier-NAT) address: one member past
  // the limit is refused alone (review N-L-1). The swipe game has a daily limit of its own; this stops only a script liking everyone.
  likePerMember: { name: "like-member", max: 300, windowMs: HOUR_MS },
  // Chat: a quick typist sends a few messages a minute; photos are decoded and stored, so fewer.
  chatMessagePerMember: { name: "chat-message-member", max: 300, windowMs: HOUR_MS },
  chatPhotoPerMember: { name: "chat-photo-member", max: 30, windowMs: HOUR_MS },
  profilePhotoPerMember: { name: "profile-photo-member", max: 30, windowMs: HOUR_MS },
  // The second step of a two-step login: a million codes, so a handful of tries.
  secondFactorPerMember: { name: "second-factor-member", max: 10, windowMs: 15 * MINUTE_MS },
  secondFactorPerAddress: { name: "second-factor-address", max: 30, windowMs: 15 * MINUTE_MS },
  // The button of a mailed link that logs in (activation, reactivation, notification mails): a
  // person presses a few; a script trying tokens many.
  linkLoginPerAddress: { name: "link-login-address", max: 30, windowMs: HOUR_MS },
  // The mail telling a member that wrong passwords blocked their account: once a day at most, so
  // whoever keeps blocking it cannot fill their mailbox as well.
  lockNoticePerMember: { name: "lock-notice-member", max: 1, windowMs: DAY_MS },
  // A data export reads everything about a member and mails a link: a few a day.
  dataExportPerMember: { name: "data-export-member", max: 3, windowMs: DAY_MS },
  // Direct debit's SMS codes: a member asks a few at most; one phone behind many accounts is fraud.
  smsCodePerPhone: { name: "sms-code-phone", max: 5, windowMs: DAY_MS },
  smsCodePerAddress: { name: "sms-code-address", max: 10, windowMs: DAY_MS },
  // Member ids are sequential: a person reads a few hundred profiles an hour, a scraper thousands.
  profileViewPerAddress: { name: "profile-view-address", max: 600, windowMs: HOUR_MS },
  profileViewPerMember: { name: "profile-view-member", max: 600, windowMs: HOUR_MS },
  // An operator sends a message every few seconds at most; a script with a stolen staff session far more.
  staffMessagePerStaff: { name: "staff-message", max: 1200, windowMs: HOUR_MS },
  // A moderator clears a photo in a key press, so thousands an hour are real work; support and admin far fewer.
  staffDecisionPerStaff: { name: "staff-decision", max: 3000, windowMs: HOUR_MS },
  // The staff login's password step: a person types a few; every failure writes an audit row.
  // The mail that wrong staff codes raise (someone may hold the password): once a day per account.
  staffCodeAlertPerAccount: { name: "staff-code-alert", max: 1, windowMs: DAY_MS },
  staffLoginPerAddress: { name: "staff-login-address", max: 30, windowMs: 15 * MINUTE_MS },
  // Reports and complaints: a member reports a few profiles at most; a visitor's form is mailed, so few per address.
  reportPerMember: { name: "report-member", max: 20, windowMs: DAY_MS },
  complaintPerAddress: { name: "complaint-address", max: 10, windowMs: HOUR_MS },
  // A cookie choice: a person makes one, and changes it now and then; each is a row of the consent record.
  consentPerAddress: { name: "consent-address", max: 60, windowMs: HOUR_MS },
  // Each complaint mails its acknowledgement to the address typed: one inbox gets a few a day, from all brands together.
  complaintPerRecipient: { name: "complaint-recipient", max: 3, windowMs: DAY_MS },
  // A stream opens on every full page load and on every switch between the chat and the other pages.
  eventStreamPerMember: { name: "event-stream-member", max: 300, windowMs: 10 * MINUTE_MS },
} as const satisfies Record<string, RateLimit>;

/** The "brand" of a count that holds across every brand (a phone number is one person's anywhere). */
export const ALL_BRANDS = "*";

export type Counted = { ok: true } | { ok: false; retryAfterSeconds: number };

type Check = [RateLimit, string | number | null];

/**
 * The count of something members and visitors both do: a logged-in member is counted as
 * themselves, only a visitor by the address. Many members behind one carrier-NAT address are then
 * never refused together, and one member past their own limit is refused alone (review N-L-1).
 */
export function memberOrAddress(perMember: RateLimit, memberId: number | null, perAddress: RateLimit, address: string | null): Check[] {
  return memberId !== null ? [[perMember, memberId]] : [[perAddress, address]];
}

interface Counter {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * The row keys a check counts under: an address by the network one person holds (an IPv6 /64),
 * and an IPv6 address also by its /48 with the wider ceiling.
 */
function countersOf(limit: RateLimit, siteId: string, subject: string | number): Counter[] {
  const prefix = `${limit.name}:${siteId}:`;
  if (typeof subject === "number") return [{ key: `${prefix}${subject}`, max: limit.max, windowMs: limit.windowMs }];
  const own = { key: `${prefix}${limitedAddress(subject)}`, max: limit.max, windowMs: limit.windowMs };
  const network = widerNetwork(subject);
  return network ? [own, { key: `${prefix}${network}`, max: limit.max * WIDER_NETWORK_FACTOR, windowMs: limit.windowMs }] : [own];
}

const windowStartOf = (windowMs: number, now: Date) => new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/**
 * Counts one request against each limit for its subject (null: not counted, e.g. no address) and
 * says whether all of them still allow it. Each count is an atomic upsert of a fixed window's
 * row, so parallel requests on several server processes cannot slip through together.
 */
export async function countRequest(db: Executor, siteId: string, checks: Check[], now = new Date()): Promise<Counted> {
  const counted = new Map<string, Counter & { windowStart: Date }>();
  for (const [limit, subject] of checks) {
    if (subject === null) continue;
    for (const counter of countersOf(limit, siteId, subject)) counted.set(counter.key, { ...counter, windowStart: windowStartOf(counter.windowMs, now) });
  }
  if (counted.size === 0) return { ok: true };
  // Every counter of the request in one statement: one round trip however many limits apply.
  const rows = await db
    .insert(rateLimitCounters)
    .values([...counted].map(([key, { windowStart }]) => ({ key, windowStart, hits: 1 })))
    .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { hits: sql`${rateLimitCounters.hits} + 1` } })
    .returning({ key: rateLimitCounters.key, hits: rateLimitCounters.hits });
  let retryAfterMs = 0;
  for (const row of rows) {
    const { max, windowMs, windowStart } = counted.get(row.key)!;
    if (row.hits > max) retryAfterMs = Math.max(retryAfterMs, windowStart.getTime() + windowMs - now.getTime());
  }
  return retryAfterMs > 0 ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) } : { ok: true };
}

/** Whether a limit is used up for a subject now, without counting this request (e.g. only failures count). */
export async function isLimited(db: Executor, siteId: string, checks: Check[], now = new Date()): Promise<Counted> {
  for (const [limit, subject] of checks) {
    if (subject === null) continue;
    for (const { key, max, windowMs } of countersOf(limit, siteId, subject)) {
      const windowStart = windowStartOf(windowMs, now);
      const [row] = await db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
      if ((row?.hits ?? 0) >= max) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)) };
    }
  }
  return { ok: true };
}

/** Windows that ended a day ago count for nothing any more (the longest window is a day). */
export async function pruneRateLimits(db: Executor, now = new Date()): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 2 * DAY_MS)));
}
