import type { PaymentMethod } from "~/domain/payment-methods";

/** What a provider says about a payment; the same words as an order's status. */
export type ProviderStatus = "open" | "pending" | "paid" | "failed" | "canceled" | "expired";

/**
 * What a provider says about a payment: its status, and the money that went back after payment
 * as running totals (a refund, a chargeback), in cents.
 */
export interface PaymentReport {
  status: ProviderStatus;
  refundedCents: number;
  chargedBackCents: number;
}

export interface CreatePaymentInput {
  orderId: number;
  amountCents: number;
  /** ISO 4217, e.g. EUR. */
  currency: string;
  /** Shown to the buyer on the checkout and the bank statement. */
  description: string;
  method: PaymentMethod;
  /** The bank chosen for a method with a bank choice (iDEAL, EPS). */
  issuer: string | null;
  /** Where the buyer returns after the checkout: the order's /transactions/{id} page. */
  redirectUrl: string;
  /** Where the provider reports changes; it posts only the payment id (`id=...`). */
  webhookUrl: string;
  /** The buyer's interface language, e.g. nl. */
  language: string;
}

export interface CreatedPayment {
  /** The provider's id, unique per provider. */
  paymentId: string;
  /** The hosted checkout the buyer is sent to. */
  checkoutUrl: string;
}

/**
 * A payment provider. A webhook carries only a payment id: the status is always asked of the
 * provider (`paymentStatus`), never believed from the request.
 */
export interface PaymentService {
  /** Stored on the order; webhooks name it in their path. */
  readonly provider: string;
  /** Whether this provider takes payments by the method; methods it does not take are not offered. */
  accepts(method: PaymentMethod): boolean;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** null when the provider does not know the id. */
  paymentReport(paymentId: string): Promise<PaymentReport | null>;
  /** Cancels a payment that is still open; false when the provider cannot (any more). */
  cancelPayment(paymentId: string): Promise<boolean>;
  /**
   * Starts a refund of part or all of a paid payment; false when the provider refuses it (more than
   * is left, not paid). The provider then reports it like any change: the webhook asks
   * `paymentReport`, whose `refundedCents` takes the credits back (order-reversal.server.ts).
   */
  refundPayment(input: { paymentId: string; amountCents: number; currency: string; description: string }): Promise<boolean>;
}

/** Amount in cents as the decimal string providers use ("12.34"). */
export function decimalAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error(`amount must be whole cents, got ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
