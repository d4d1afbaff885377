import {
  createMollieClient,
  HistoricPaymentMethod,
  Locale,
  MollieApiError,
  PaymentMethod as MollieMethod,
  PaymentStatus as MollieStatus,
  type MollieClient,
} from "@mollie/api-client";
import type { Language } from "~/domain/languages";
import type { PaymentMethod } from "~/domain/payment-methods";
import { decimalAmount, type CreatedPayment, type CreatePaymentInput, type PaymentReport, type PaymentService, type ProviderStatus } from "./payments";

export interface MollieOptions {
  /** `test_...` or `live_...`; the key alone decides test or live mode. */
  apiKey: string;
  /** Root of the API, default `https://api.mollie.com:443/v2/`; tests point it at a simulated API. */
  apiEndpoint?: string;
}

/** Direct debit is collected through our own mandate form, never through a Mollie checkout. */
type CheckoutMethod = Exclude<PaymentMethod, "directdebit">;

/**
 * Mollie has one `creditcard` method and tells the card brands apart itself, so every card brand
 * (and the national card schemes) opens the same card form.
 * Giropay and Sofort were stopped by their operators in 2024; Mollie's client lists them as
 * historic methods only and the API refuses them for new payments, so they are not offered while
 * Mollie is the provider (`accepts`). Should one arrive anyway it is passed on as asked rather than
 * silently swapped, so a refusal shows up as a failed create.
 */
const MOLLIE_METHODS: Record<CheckoutMethod, MollieMethod | HistoricPaymentMethod> = {
  creditcard: MollieMethod.creditcard,
  visa: MollieMethod.creditcard,
  mastercard: MollieMethod.creditcard,
  maestro: MollieMethod.creditcard,
  cartebancaire: MollieMethod.creditcard,
  dankort: MollieMethod.creditcard,
  nexi: MollieMethod.creditcard,
  postepay: MollieMethod.creditcard,
  ideal: MollieMethod.ideal,
  bancontact: MollieMethod.bancontact,
  przelewy24: MollieMethod.przelewy24,
  blik: MollieMethod.blik,
  sofort: HistoricPaymentMethod.sofort,
  giropay: HistoricPaymentMethod.giropay,
  eps: MollieMethod.eps,
  paypal: MollieMethod.paypal,
  applepay: MollieMethod.applepay,
  paysafecard: MollieMethod.paysafecard,
  banktransfer: MollieMethod.banktransfer,
  twint: MollieMethod.twint,
  satispay: MollieMethod.satispay,
  mobilepay: MollieMethod.mobilepay,
  vipps: MollieMethod.vipps,
  swish: MollieMethod.swish,
};

const RETIRED: readonly PaymentMethod[] = ["sofort", "giropay"];

const LOCALES: Record<Language, Locale> = {
  nl: Locale.nl_NL,
  en: Locale.en_US,
  de: Locale.de_DE,
  fr: Locale.fr_FR,
  es: Locale.es_ES,
  it: Locale.it_IT,
  da: Locale.da_DK,
  fi: Locale.fi_FI,
  nb: Locale.nb_NO,
  pl: Locale.pl_PL,
  sv: Locale.sv_SE,
};

/** `authorized` (card held, not yet captured) is money not yet received: pending for an order. */
const STATUSES: Record<MollieStatus, ProviderStatus> = {
  [MollieStatus.open]: "open",
  [MollieStatus.pending]: "pending",
  [MollieStatus.authorized]: "pending",
  [MollieStatus.paid]: "paid",
  [MollieStatus.failed]: "failed",
  [MollieStatus.canceled]: "canceled",
  [MollieStatus.expired]: "expired",
};

/**
 * Mollie payment ids are `tr_` and letters/digits. Anything else comes from a forged webhook and
 * is answered as unknown without asking Mollie (and without building a URL from it).
 */
const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;

/** Mollie's decimal amount ("12.34") in cents; absent is nothing. */
function cents(value: string | undefined): number {
  if (!value) return 0;
  const amount = Math.round(Number(value) * 100);
  if (!Number.isFinite(amount) || amount < 0) throw new Error(`Mollie sent an amount that is not one: "${value}"`);
  return amount;
}

function mollieMethod(method: PaymentMethod): MollieMethod {
  if (method === "directdebit") throw new Error("direct debit is collected by our own mandate form, not by a Mollie checkout");
  // The client's parameter type lists only current methods; historic ones are still plain ids on the wire.
  return MOLLIE_METHODS[method] as MollieMethod;
}

function mollieLocale(language: string): Locale | undefined {
  // Without a locale Mollie picks one from the buyer's browser, which is the right fallback.
  return Object.hasOwn(LOCALES, language) ? LOCALES[language as Language] : undefined;
}

export class MolliePaymentService implements PaymentService {
  readonly provider = "mollie";
  private readonly client: MollieClient;

  constructor(options: MollieOptions) {
    this.client = createMollieClient({ apiKey: options.apiKey, apiEndpoint: options.apiEndpoint });
  }

  accepts(method: PaymentMethod): boolean {
    return method !== "directdebit" && !RETIRED.includes(method);
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    // Mapped before any request, so an unsupported method never creates a payment at Mollie.
    const method = mollieMethod(input.method);
    const payment = await this.client.payments.create({
      amount: { currency: input.currency, value: decimalAmount(input.amountCents) },
      description: input.description,
      redirectUrl: input.redirectUrl,
      webhookUrl: input.webhookUrl,
      metadata: { orderId: input.orderId },
      locale: mollieLocale(input.language),
      method,
      issuer: input.issuer ?? undefined,
    });
    const checkoutUrl = payment.getCheckoutUrl();
    // Without a checkout there is nowhere to send the buyer; the order must not wait for a payment that cannot happen.
    if (!checkoutUrl) throw new Error(`Mollie payment ${payment.id} has no checkout URL (status ${payment.status})`);
    return { paymentId: payment.id, checkoutUrl };
  }

  /** Mollie cancels open payments of some methods only (bank transfer, direct debit...); the rest expire on their own. */
  async cancelPayment(paymentId: string): Promise<boolean> {
    if (!PAYMENT_ID.test(paymentId)) return false;
    try {
      const payment = await this.client.payments.cancel(paymentId);
      return payment.status === MollieStatus.canceled;
    } catch (error) {
      if (error instanceof MollieApiError && (error.statusCode === 404 || error.statusCode === 422)) return false;
      throw error;
    }
  }

  async refundPayment(input: { paymentId: string; amountCents: number; currency: string; description: string }): Promise<boolean> {
    if (!PAYMENT_ID.test(input.paymentId)) return false;
    try {
      await this.client.paymentRefunds.create({ paymentId: input.paymentId, amount: { currency: input.currency, value: decimalAmount(input.amountCents) }, description: input.description });
      return true;
    } catch (error) {
      // Mollie refuses a refund beyond what is left, or of a payment that cannot be refunded, with 422.
      if (error instanceof MollieApiError && (error.statusCode === 404 || error.statusCode === 422)) return false;
      throw error;
    }
  }

  /**
   * Mollie keeps a refunded or charged-back payment `paid` and reports the money that went back
   * in amountRefunded and amountChargedBack (totals), calling the webhook for each change.
   */
  async paymentReport(paymentId: string): Promise<PaymentReport | null> {
    if (!PAYMENT_ID.test(paymentId)) return null;
    try {
      const payment = await this.client.payments.get(paymentId);
      const status: ProviderStatus | undefined = STATUSES[payment.status];
      // A status Mollie adds later must not be guessed at: failing makes Mollie retry until we know it.
      if (!status) throw new Error(`Mollie payment ${paymentId} has an unknown status "${payment.status}"`);
      return { status, refundedCents: cents(payment.amountRefunded?.value), chargedBackCents: cents(payment.amountChargedBack?.value) };
    } catch (error) {
      // Only "not found" is an answer; anything else must fail so the webhook answers 500 and Mollie retries.
      if (error instanceof MollieApiError && error.statusCode === 404) return null;
      throw error;
    }
  }
}
