import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Database, Executor } from "../../../db/client.server";
import { directDebitBlocks, directDebitRequests, members, orders } from "../../../db/schema";
import { purposeKeys, signingKey } from "~/services/secrets/keys.server";
import { getFixedT } from "~/i18n/i18next.server";
import type { Country, Language } from "~/domain/languages";
import { smsService } from "~/services/sms/sms.server";
import { ALL_BRANDS, countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import type { Tenant } from "~/tenancy/schema";
import type { DiscountError, DiscountMember } from "./discounts.server";
import { applyPaymentStatus, attachPayment } from "./order-payments.server";
import { placeOrder, quoteOrder } from "./order-placement.server";
import { parseProduct, type Product } from "./order-pricing";
import { DIRECT_DEBIT } from "~/domain/payment-methods";
import { recordSecurityEvent } from "~/models/safety/security-events.server";

/**
 * Direct debit (docs/product/payments.md#direct-debit): a one-off SEPA mandate confirmed by a code sent by SMS
 * to the buyer's mobile phone. The credits are granted as soon as the code is right (the
 * collection itself happens later, outside this module); that is why blocked accounts and phones
 * are refused and why what one member may order this way is limited per period.
 *
 * Limits, all per member:
 * - a code lives 10 minutes and survives 5 wrong guesses; after that the request is dead and only
 *   a new code helps;
 * - at most 3 codes per hour (each a request row, so the rows are the count, across servers);
 *   with 5 guesses each that is 15 guesses an hour against a million codes;
 * - a new code ends every earlier open request of the member, so only the newest code works;
 * - the paid direct-debit orders of the last `period_days` plus the new one stay within
 *   `limit_cents` (checked before the SMS goes out, and again under lock when the code is right).
 */

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODES_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Direct debit collects euros from a SEPA account. */
const SEPA_CURRENCY = "EUR";
/** Orders confirmed here carry this provider; their payment id is `dd_<request id>`. */
export const DIRECT_DEBIT_PROVIDER = "directdebit";

/** Why a request or a confirmation is refused; "discount" carries which discount rule failed. */
export type Refusal<E extends string> = { ok: false; error: E | "discount" | "product"; discount?: DiscountError };
export type RequestRefusal = Refusal<"blocked" | "limit" | "too_many_codes" | "sms" | "held_back">;
export type VerifyRefusal = Refusal<"invalid" | "dead" | "expired" | "blocked" | "limit" | "not_found" | "price_changed"> & { attemptsLeft?: number };

/** A quote's or an order's refusal in the shape of the others. */
function refusalOf(error: DiscountError | "product"): Refusal<never>;
function refusalOf(error: DiscountError | "product" | "price_changed"): Refusal<"price_changed">;
function refusalOf(error: DiscountError | "product" | "price_changed"): Refusal<"price_changed"> {
  return error === "product" || error === "price_changed" ? { ok: false, error } : { ok: false, error: "discount", discount: error };
}

export interface MandateDetails {
  accountHolder: string;
  /** Electronic format. */
  iban: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  /** E.164. */
  phone: string;
}

export interface Buyer {
  tenant: Tenant;
  member: DiscountMember & { status: string };
  /** The buyer's address, for the SMS limit per address (null: not known). */
  clientIp?: string | null;
  /** The country the purchase is made from (default region of the phone number, the order's country). */
  country: Country;
  /** The language of the SMS. */
  language: Language;
}

/** Brands with direct debit switched on and a euro price list; elsewhere /directdebit does not exist. */
export function directDebitOffered(tenant: Tenant): boolean {
  return tenant.settings.direct_debit.enabled && tenant.currency === SEPA_CURRENCY;
}

/**
 * Why direct debit is not offered to this member yet, or null: the credits come before the money,
 * so only a confirmed address and an account of some age may ask (review H-1).
 */
export function directDebitHeldBack(tenant: Tenant, member: { status: string; createdAt: Date }, now = new Date()): { reason: "unconfirmed" } | { reason: "tooNew"; hours: number } | null {
  if (member.status !== "active") return { reason: "unconfirmed" };
  const readyAt = member.createdAt.getTime() + tenant.settings.direct_debit.min_account_age_hours * HOUR_MS;
  return readyAt > now.getTime() ? { reason: "tooNew", hours: Math.ceil((readyAt - now.getTime()) / HOUR_MS) } : null;
}

/**
 * A valid mobile number in E.164 from one of the brand's countries, read with the buyer's country
 * as the default region; else null. A number from elsewhere is refused: codes sent abroad cost the
 * most and are the tool of SMS toll fraud.
 */
export function mobileNumber(raw: string, country: Country, allowed: readonly string[]): string | null {
  const phone = parsePhoneNumberFromString(raw, country);
  if (!phone?.isValid() || !phone.country || !allowed.includes(phone.country)) return null;
  const type = phone.getType();
  // Some plans (US, CA) cannot tell mobile from fixed numbers; those must be given the benefit of the doubt.
  return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE" ? phone.number : null;
}

/** The code is kept only as an HMAC, bound to the member, with a purpose of its own for the secret. */
function hashCode(code: string, memberId: number, secret: string): string {
  return createHmac("sha256", secret).update(`directdebit-sms:${memberId}:${code}`).digest("hex");
}

/** Any of the secrets: a rotation must not break the codes sent in the minutes before it. */
function codeMatches(code: string, memberId: number, storedHash: string): boolean {
  const stored = Buffer.from(storedHash, "hex");
  return purposeKeys("sms-code").some((secret) => {
    const candidate = Buffer.from(hashCode(code, memberId, secret), "hex");
    return candidate.length === stored.length && timingSafeEqual(candidate, stored);
  });
}

/** What the member paid by direct debit in the brand's period, in cents. */
export async function directDebitSpent(db: Executor, tenant: Tenant, memberId: number, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - tenant.settings.direct_debit.period_days * DAY_MS);
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.amountCents}), 0)`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.method, DIRECT_DEBIT), eq(orders.status, "paid"), gt(orders.paidAt, since)));
  return row?.total ?? 0;
}

/**
 * What was paid by direct debit from this IBAN in the brand's period, by any member of any brand:
 * the SMS proves the phone, not the account, so one account spread over new accounts counts once.
 */
export async function ibanSpent(db: Executor, tenant: Tenant, iban: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - tenant.settings.direct_debit.period_days * DAY_MS);
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.amountCents}), 0)`.mapWith(Number) })
    .from(directDebitRequests)
    .innerJoin(orders, eq(orders.id, directDebitRequests.orderId))
    .where(and(eq(directDebitRequests.iban, iban), eq(orders.status, "paid"), gt(orders.paidAt, since)));
  return row?.total ?? 0;
}

/**
 * What was paid by direct debit confirmed with this phone in the brand's period, by any member of
 * any brand: the SMS proves the phone, so fresh accounts and fresh IBANs behind one phone count once.
 */
export async function phoneSpent(db: Executor, tenant: Tenant, phone: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - tenant.settings.direct_debit.period_days * DAY_MS);
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.amountCents}), 0)`.mapWith(Number) })
    .from(directDebitRequests)
    .innerJoin(orders, eq(orders.id, directDebitRequests.orderId))
    .where(and(eq(directDebitRequests.phone, phone), eq(orders.status, "paid"), gt(orders.paidAt, since)));
  return row?.total ?? 0;
}

/** Whether a collection of this member's direct debits has come in (and not come back). */
export async function hasCollectedDebit(db: Executor, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: directDebitRequests.id })
    .from(directDebitRequests)
    .where(and(eq(directDebitRequests.memberId, memberId), isNotNull(directDebitRequests.collectedAt), isNull(directDebitRequests.returnedAt)))
    .limit(1);
  return row !== undefined;
}

/** The member's limit: the brand's, or its low first-time limit until a collection came in. */
export async function memberLimitCents(db: Executor, tenant: Tenant, memberId: number): Promise<number> {
  const { limit_cents, first_limit_cents } = tenant.settings.direct_debit;
  return (await hasCollectedDebit(db, memberId)) ? limit_cents : Math.min(limit_cents, first_limit_cents);
}

/** Whether the member, the account or the phone would pass its limit with this amount. */
async function limitReached(db: Executor, tenant: Tenant, input: { memberId: number; iban: string; phone: string; amountCents: number; now: Date }): Promise<boolean> {
  const [byMember, byAccount, byPhone, memberLimit] = await Promise.all([
    directDebitSpent(db, tenant, input.memberId, input.now),
    ibanSpent(db, tenant, input.iban, input.now),
    phoneSpent(db, tenant, input.phone, input.now),
    memberLimitCents(db, tenant, input.memberId),
  ]);
  return byMember + input.amountCents > memberLimit || overLimit(tenant, byAccount, input.amountCents) || overLimit(tenant, byPhone, input.amountCents);
}

export function overLimit(tenant: Tenant, spentCents: number, amountCents: number, limitCents = tenant.settings.direct_debit.limit_cents): boolean {
  return spentCents + amountCents > limitCents;
}

export async function isBlocked(db: Executor, mandate: { iban: string; phone: string }): Promise<boolean> {
  const [row] = await db
    .select({ kind: directDebitBlocks.kind })
    .from(directDebitBlocks)
    .where(
      or(
        and(eq(directDebitBlocks.kind, "iban"), eq(directDebitBlocks.value, mandate.iban)),
        and(eq(directDebitBlocks.kind, "phone"), eq(directDebitBlocks.value, mandate.phone)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Checks a mandate, stores it as a request with a new code and sends the code by SMS. Refused
 * for a blocked IBAN or phone, over the limit, or after too many codes this hour.
 */
export async function requestCode(
  db: Database,
  buyer: Buyer,
  input: { product: Product; code: string | null; mandate: MandateDetails; now?: Date },
): Promise<{ ok: true; requestId: number } | RequestRefusal> {
  const now = input.now ?? new Date();
  if (directDebitHeldBack(buyer.tenant, buyer.member, now)) return { ok: false, error: "held_back" };
  const quote = await quoteOrder(db, { ...buyer, product: input.product, code: input.code, method: DIRECT_DEBIT });
  if (!quote.ok) return refusalOf(quote.error);
  if (await isBlocked(db, input.mandate)) return { ok: false, error: "blocked" };
  if (await limitReached(db, buyer.tenant, { memberId: buyer.member.id, iban: input.mandate.iban, phone: input.mandate.phone, amountCents: quote.priced.amountCents, now })) {
    return { ok: false, error: "limit" };
  }
  // Codes per phone count across every brand (one phone, many accounts), per address per brand.
  const counted = await countRequest(db, ALL_BRANDS, [[RATE_LIMITS.smsCodePerPhone, input.mandate.phone]], now);
  const countedHere = counted.ok ? await countRequest(db, buyer.tenant.id, [[RATE_LIMITS.smsCodePerAddress, buyer.clientIp ?? null]], now) : counted;
  if (!countedHere.ok) return { ok: false, error: "too_many_codes" };

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const requestId = await db.transaction(async (tx) => {
    // The member's row serialises their requests, so two at once cannot both slip under the hourly count.
    await tx.select({ id: members.id }).from(members).where(eq(members.id, buyer.member.id)).for("update");
    const [recent] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(directDebitRequests)
      .where(and(eq(directDebitRequests.memberId, buyer.member.id), gt(directDebitRequests.createdAt, new Date(now.getTime() - HOUR_MS))));
    if ((recent?.count ?? 0) >= MAX_CODES_PER_HOUR) return null;
    await tx
      .update(directDebitRequests)
      .set({ expiresAt: now })
      .where(and(eq(directDebitRequests.memberId, buyer.member.id), isNull(directDebitRequests.verifiedAt), gt(directDebitRequests.expiresAt, now)));
    const [row] = await tx
      .insert(directDebitRequests)
      .values({
        memberId: buyer.member.id,
        siteId: buyer.tenant.id,
        product: quote.priced.product,
        amountCents: quote.priced.amountCents,
        // A typed code is kept for the order; without one the active discount applies again then.
        discountCode: input.code ? (quote.discount?.code ?? null) : null,
        ...input.mandate,
        consentedAt: now,
        codeHash: hashCode(code, buyer.member.id, signingKey("sms-code")),
        expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
        createdAt: now,
      })
      .returning({ id: directDebitRequests.id });
    return row!.id;
  });
  if (requestId === null) return { ok: false, error: "too_many_codes" };
  await recordSecurityEvent(db, { memberId: buyer.member.id, siteId: buyer.tenant.id, kind: "direct_debit_requested", ip: buyer.clientIp, now });

  try {
    const t = await getFixedT(buyer.language, "directdebit");
    await smsService().send({
      siteId: buyer.tenant.id,
      to: input.mandate.phone,
      body: t("sms.body", { brand: buyer.tenant.name, code, minutes: CODE_LIFETIME_MS / 60_000 }),
    });
  } catch (error) {
    console.error(`direct debit: SMS for request ${requestId} not sent:`, error instanceof Error ? error.message : error);
    // No code reached the phone: the request must not hold a place in the hourly count.
    await db.delete(directDebitRequests).where(eq(directDebitRequests.id, requestId));
    return { ok: false, error: "sms" };
  }
  return { ok: true, requestId };
}

/** A request of this member on this brand; another member's id finds nothing. */
export async function findRequest(db: Executor, input: { tenant: Tenant; memberId: number; requestId: number }) {
  const [row] = await db
    .select()
    .from(directDebitRequests)
    .where(and(eq(directDebitRequests.id, input.requestId), eq(directDebitRequests.memberId, input.memberId), eq(directDebitRequests.siteId, input.tenant.id)));
  return row ?? null;
}

export type RequestState = "open" | "expired" | "dead" | "verified";

export function requestState(request: { verifiedAt: Date | null; attempts: number; expiresAt: Date }, now = new Date()): RequestState {
  if (request.verifiedAt) return "verified";
  if (request.attempts >= MAX_CODE_ATTEMPTS) return "dead";
  return request.expiresAt <= now ? "expired" : "open";
}

/** A new code for the same mandate (the member asked again), under the same checks and limits. */
export async function resendCode(
  db: Database,
  buyer: Buyer,
  requestId: number,
): Promise<{ ok: true; requestId: number } | RequestRefusal | { ok: false; error: "not_found" } | { ok: false; error: "verified"; orderId: number | null }> {
  const request = await findRequest(db, { tenant: buyer.tenant, memberId: buyer.member.id, requestId });
  if (!request) return { ok: false, error: "not_found" };
  if (request.verifiedAt) return { ok: false, error: "verified", orderId: request.orderId };
  const product = parseProduct(request.product);
  if (!product) return { ok: false, error: "product" };
  const { accountHolder, iban, street, houseNumber, zip, city, phone } = request;
  return requestCode(db, buyer, { product, code: request.discountCode, mandate: { accountHolder, iban, street, houseNumber, zip, city, phone } });
}

/** Thrown inside the transaction to roll the order back when it would pass the limit. */
class LimitReached extends Error {}

/**
 * Checks the code and, when it is right, creates the order, attaches the request as its payment
 * and marks it paid (which grants the credits) — all in one transaction. The member's row and then
 * the request's row are locked first (the order every direct-debit write takes them in), so two
 * verifications of one request run one after the other: the second finds it verified and gets the
 * same order. A wrong code is counted; the fifth kills the request.
 */
export async function verifyCode(
  db: Database,
  buyer: Omit<Buyer, "language">,
  input: { requestId: number; code: string; now?: Date },
): Promise<{ ok: true; orderId: number } | VerifyRefusal> {
  const now = input.now ?? new Date();
  const { tenant, member } = buyer;
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for("update");
      const [request] = await tx
        .select()
        .from(directDebitRequests)
        .where(and(eq(directDebitRequests.id, input.requestId), eq(directDebitRequests.memberId, member.id), eq(directDebitRequests.siteId, tenant.id)))
        .for("update");
      if (!request) return { ok: false, error: "not_found" } as const;
      const state = requestState(request, now);
      if (state === "verified") return request.orderId ? ({ ok: true, orderId: request.orderId } as const) : ({ ok: false, error: "dead" } as const);
      if (state !== "open") return { ok: false, error: state } as const;
      if (!codeMatches(input.code, member.id, request.codeHash)) {
        const attempts = request.attempts + 1;
        await tx.update(directDebitRequests).set({ attempts }).where(eq(directDebitRequests.id, request.id));
        return { ok: false, error: "invalid", attemptsLeft: MAX_CODE_ATTEMPTS - attempts } as const;
      }

      // Blocks added while the SMS was under way count too.
      if (await isBlocked(tx, request)) return { ok: false, error: "blocked" } as const;
      const product = parseProduct(request.product);
      if (!product) return { ok: false, error: "product" } as const;
      const placed = await placeOrder(tx, {
        tenant,
        member,
        product,
        country: buyer.country,
        method: DIRECT_DEBIT,
        issuer: null,
        provider: DIRECT_DEBIT_PROVIDER,
        code: request.discountCode,
        expectedCents: request.amountCents,
      });
      if (!placed.ok) return refusalOf(placed.error);
      // Under the member's lock: other requests of this member confirmed meanwhile are counted.
      // Confirmations for one account, and for one phone, are counted one after another, whichever
      // members they come from (the two locks always in this order, so they cannot deadlock).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`directdebit:${request.iban}`}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`directdebit-phone:${request.phone}`}))`);
      if (await limitReached(tx, tenant, { memberId: member.id, iban: request.iban, phone: request.phone, amountCents: placed.priced.amountCents, now })) throw new LimitReached();
      const paymentId = `dd_${request.id}`;
      await attachPayment(tx, placed.orderId, paymentId);
      await applyPaymentStatus(tx, { provider: DIRECT_DEBIT_PROVIDER, paymentId, status: "paid", source: "sms" });
      await tx.update(directDebitRequests).set({ verifiedAt: now, orderId: placed.orderId }).where(eq(directDebitRequests.id, request.id));
      return { ok: true, orderId: placed.orderId } as const;
    });
  } catch (error) {
    if (error instanceof LimitReached) return { ok: false, error: "limit" };
    throw error;
  }
}
