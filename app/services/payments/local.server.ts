import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { localPayments } from "../../../db/schema/index";
import { DIRECT_DEBIT, type PaymentMethod } from "~/domain/payment-methods";
import type { CreatedPayment, CreatePaymentInput, PaymentReport, PaymentService } from "./payments";

/**
 * The default provider while the local services are on: a hosted checkout of our own at
 * /dev/checkout/{id} where the buyer pays, fails, cancels or leaves the payment pending. It keeps
 * its payments in its own table and reports changes to the webhook with only the payment id, as
 * Mollie does, so the order code cannot tell it from a real provider.
 */
export class LocalPaymentService implements PaymentService {
  readonly provider = "local";

  /** The database is looked up per call: tests swap it. The port is this server's, for its own webhook. */
  constructor(
    private readonly database: () => Database,
    private readonly port: () => number,
  ) {}

  /** Every method of a hosted checkout; direct debit is our own form. */
  accepts(method: PaymentMethod): boolean {
    return method !== DIRECT_DEBIT;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const id = `tr_local_${randomBytes(9).toString("base64url")}`;
    await this.database().insert(localPayments).values({
      id,
      amountCents: input.amountCents,
      currency: input.currency,
      description: input.description,
      method: input.method,
      issuer: input.issuer,
      redirectUrl: input.redirectUrl,
      webhookUrl: input.webhookUrl,
    });
    return { paymentId: id, checkoutUrl: new URL(`/dev/checkout/${id}`, input.redirectUrl).toString() };
  }

  async cancelPayment(paymentId: string): Promise<boolean> {
    const rows = await this.database()
      .update(localPayments)
      .set({ status: "canceled", updatedAt: sql`now()` })
      .where(and(eq(localPayments.id, paymentId), eq(localPayments.status, "open")))
      .returning({ id: localPayments.id });
    return rows.length === 1;
  }

  /** The local checkout has refunds (started by staff) but no chargebacks. */
  async paymentReport(paymentId: string): Promise<PaymentReport | null> {
    const [row] = await this.database().select({ status: localPayments.status, refundedCents: localPayments.refundedCents }).from(localPayments).where(eq(localPayments.id, paymentId));
    return row ? { status: row.status, refundedCents: row.refundedCents, chargedBackCents: 0 } : null;
  }

  /** A refund of a paid payment, never more than was paid; its webhook is called as after a checkout. */
  async refundPayment(input: { paymentId: string; amountCents: number }): Promise<boolean> {
    const [payment] = await this.database()
      .update(localPayments)
      .set({ refundedCents: sql`${localPayments.refundedCents} + ${input.amountCents}`, updatedAt: sql`now()` })
      .where(and(eq(localPayments.id, input.paymentId), eq(localPayments.status, "paid"), sql`${localPayments.refundedCents} + ${input.amountCents} <= ${localPayments.amountCents}`))
      .returning({ webhookUrl: localPayments.webhookUrl });
    if (!payment) return false;
    await notifyWebhook(payment.webhookUrl, input.paymentId, this.port());
    return true;
  }
}

export type LocalPayment = typeof localPayments.$inferSelect;

export async function localPayment(db: Database, id: string): Promise<LocalPayment | null> {
  const [row] = await db.select().from(localPayments).where(eq(localPayments.id, id));
  return row ?? null;
}

/** What the buyer can do at the local checkout. */
export const CHECKOUT_OUTCOMES = ["paid", "failed", "canceled", "pending"] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/**
 * The buyer's choice at the local checkout: the payment changes (only while it is open or
 * pending, as at a real provider) and the webhook hears of it before the buyer is sent back.
 * Returns where the buyer goes next, or null for an unknown or finished payment.
 */
export async function completeLocalCheckout(db: Database, id: string, outcome: CheckoutOutcome, port: number): Promise<string | null> {
  const [payment] = await db
    .update(localPayments)
    .set({ status: outcome, updatedAt: sql`now()` })
    .where(and(eq(localPayments.id, id), inArray(localPayments.status, ["open", "pending"])))
    .returning({ redirectUrl: localPayments.redirectUrl, webhookUrl: localPayments.webhookUrl });
  if (!payment) return null;
  await notifyWebhook(payment.webhookUrl, id, port);
  return payment.redirectUrl;
}

async function notifyWebhook(webhookUrl: string, paymentId: string, port: number): Promise<void> {
  try {
    await postWebhook(webhookUrl, paymentId, port);
  } catch (error) {
    // A provider retries a webhook that failed; here the buyer's return to the result page (or
    // the order's page in the staff area) asks the status again, which does the same.
    console.warn(`local checkout: webhook for ${paymentId} failed:`, error instanceof Error ? error.message : error);
  }
}

/**
 * Posts `id=<payment id>` to the webhook. The brands' development hosts (*.localhost) resolve in
 * browsers but not in Node, so the call goes to this server's own port with the webhook's host.
 */
function postWebhook(webhookUrl: string, paymentId: string, port: number): Promise<void> {
  const url = new URL(webhookUrl);
  const body = new URLSearchParams({ id: paymentId }).toString();
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: url.pathname,
        headers: { host: url.host, "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on("end", () => (response.statusCode === 200 ? resolve() : reject(new Error(`webhook answered ${response.statusCode}`))));
      },
    );
    request.on("timeout", () => request.destroy(new Error("webhook timed out")));
    request.on("error", reject);
    request.end(body);
  });
}
