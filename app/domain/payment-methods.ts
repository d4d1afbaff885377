import type { Country } from "./languages";

/** The payment methods (docs/product/payments.md#payment-methods). Their names are in the `payments` catalogue (methods.<id>). */
export const PAYMENT_METHODS = [
  "ideal",
  "bancontact",
  "przelewy24",
  "blik",
  "sofort",
  "giropay",
  "eps",
  "swish",
  "vipps",
  "mobilepay",
  "dankort",
  "twint",
  "satispay",
  "postepay",
  "nexi",
  "cartebancaire",
  "creditcard",
  "visa",
  "mastercard",
  "maestro",
  "applepay",
  "paypal",
  "paysafecard",
  "banktransfer",
  "directdebit",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods that charge a card; a failed card payment offers PayPal (docs/product/payments.md#payment-methods). */
export const CARD_METHODS: readonly PaymentMethod[] = ["creditcard", "visa", "mastercard", "maestro", "cartebancaire", "dankort", "nexi", "postepay"];

/** Direct debit is our own mandate form (/directdebit), not a provider's checkout. */
export const DIRECT_DEBIT: PaymentMethod = "directdebit";

const CARDS_AND_WALLETS: PaymentMethod[] = ["creditcard", "paypal", "applepay"];

/**
 * The methods offered per buyer country, in the order shown: the country's own method first
 * (iDEAL in NL, Bancontact in BE, Przelewy24 and Blik in PL ...), then cards and PayPal, then the
 * slower ones (prepaid, bank transfer, direct debit).
 */
const BY_COUNTRY: Record<Country, PaymentMethod[]> = {
  NL: ["ideal", "creditcard", "paypal", "applepay", "maestro", "paysafecard", "banktransfer", "directdebit"],
  BE: ["bancontact", "creditcard", "paypal", "applepay", "maestro", "paysafecard", "banktransfer", "directdebit"],
  DE: ["sofort", "giropay", "paypal", "creditcard", "applepay", "paysafecard", "banktransfer", "directdebit"],
  AT: ["eps", "sofort", "creditcard", "paypal", "applepay", "paysafecard", "banktransfer", "directdebit"],
  CH: ["twint", "creditcard", "paypal", "applepay", "paysafecard"],
  PL: ["przelewy24", "blik", "creditcard", "paypal", "applepay", "paysafecard", "banktransfer"],
  SE: ["swish", "creditcard", "paypal", "applepay"],
  NO: ["vipps", "creditcard", "paypal", "applepay"],
  DK: ["mobilepay", "dankort", "creditcard", "paypal", "applepay"],
  FI: ["mobilepay", "creditcard", "paypal", "applepay"],
  IT: ["satispay", "postepay", "nexi", "creditcard", "paypal", "applepay", "paysafecard", "banktransfer"],
  FR: ["cartebancaire", "creditcard", "paypal", "applepay", "paysafecard", "banktransfer"],
  ES: ["creditcard", "paypal", "applepay", "paysafecard", "banktransfer"],
  GB: [...CARDS_AND_WALLETS, "paysafecard"],
  IE: [...CARDS_AND_WALLETS, "paysafecard"],
  US: CARDS_AND_WALLETS,
  CA: CARDS_AND_WALLETS,
  AU: CARDS_AND_WALLETS,
  NZ: CARDS_AND_WALLETS,
};

/**
 * Methods that take only some currencies (the schemes' and Mollie's rules); the others (cards,
 * PayPal, Apple Pay, Paysafecard, bank transfer) take every currency a brand sells in.
 */
const CURRENCIES: Partial<Record<PaymentMethod, readonly string[]>> = {
  ideal: ["EUR"],
  bancontact: ["EUR"],
  eps: ["EUR"],
  sofort: ["EUR"],
  giropay: ["EUR"],
  satispay: ["EUR"],
  postepay: ["EUR"],
  nexi: ["EUR"],
  cartebancaire: ["EUR"],
  directdebit: ["EUR"],
  przelewy24: ["PLN", "EUR"],
  blik: ["PLN"],
  twint: ["CHF"],
  swish: ["SEK"],
  vipps: ["NOK"],
  mobilepay: ["DKK", "EUR", "NOK"],
  dankort: ["DKK"],
};

/**
 * The methods a buyer from this country is offered for prices in this currency, in order, where
 * the brand and its payment provider take them (`accepts`; direct debit is the brand's own form).
 */
export function methodsFor(country: Country, currency: string, accepts: (method: PaymentMethod) => boolean): PaymentMethod[] {
  return BY_COUNTRY[country].filter((method) => (CURRENCIES[method]?.includes(currency) ?? true) && accepts(method));
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);
}

export interface Issuer {
  id: string;
  name: string;
}

/** Methods where the buyer picks a bank first (ids as the providers know them). */
export const ISSUERS: Partial<Record<PaymentMethod, Issuer[]>> = {
  ideal: [
    { id: "ideal_ABNANL2A", name: "ABN AMRO" },
    { id: "ideal_ASNBNL21", name: "ASN Bank" },
    { id: "ideal_BUNQNL2A", name: "bunq" },
    { id: "ideal_INGBNL2A", name: "ING" },
    { id: "ideal_KNABNL2H", name: "Knab" },
    { id: "ideal_RABONL2U", name: "Rabobank" },
    { id: "ideal_RBRBNL21", name: "RegioBank" },
    { id: "ideal_REVOLT21", name: "Revolut" },
    { id: "ideal_SNSBNL2A", name: "SNS" },
    { id: "ideal_TRIONL2U", name: "Triodos Bank" },
    { id: "ideal_FVLBNL22", name: "Van Lanschot" },
  ],
  eps: [
    { id: "eps_BAWAATWW", name: "BAWAG P.S.K." },
    { id: "eps_BKAUATWW", name: "Bank Austria" },
    { id: "eps_GIBAATWW", name: "Erste Bank und Sparkassen" },
    { id: "eps_RZBAATWW", name: "Raiffeisen Bank" },
    { id: "eps_VBOEATWW", name: "Volksbank" },
  ],
};

export function issuersOf(method: PaymentMethod): Issuer[] {
  return ISSUERS[method] ?? [];
}
