import { MollieApiError } from "@mollie/api-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LANGUAGES } from "~/domain/languages";
import { CARD_METHODS, PAYMENT_METHODS, type PaymentMethod } from "~/domain/payment-methods";
import { startMollieApi, type MollieApi, type MolliePaymentStatus } from "../../../tests/fixtures/mollie-api";
import { MolliePaymentService } from "./mollie.server";
import type { CreatePaymentInput, ProviderStatus } from "./payments";

const API_KEY = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM";

let api: MollieApi;
let mollie: MolliePaymentService;

beforeAll(async () => {
  api = await startMollieApi();
  // After the API started: the client picks its network agent when it is created.
  mollie = new MolliePaymentService({ apiKey: API_KEY, apiEndpoint: api.url });
});

afterAll(async () => {
  await api.close();
});

beforeEach(() => {
  api.requests.length = 0;
});

function order(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    orderId: 42,
    amountCents: 1495,
    currency: "EUR",
    description: "Order 42 - 100 credits",
    method: "ideal",
    issuer: null,
    redirectUrl: "https://flirt.example/transactions/42",
    webhookUrl: "https://flirt.example/webhooks/payments/mollie",
    language: "nl",
    ...overrides,
  };
}

function lastBody(): Record<string, unknown> {
  const body = api.requests.at(-1)?.body;
  if (typeof body !== "object" || body === null) throw new Error("the simulated API received no JSON body");
  return body as Record<string, unknown>;
}

describe("createPayment", () => {
  it("sends the order to Mollie and returns the checkout of the payment Mollie made", async () => {
    const created = await mollie.createPayment(order({ method: "visa", language: "de" }));

    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v2/payments");
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body).toEqual({
      amount: { currency: "EUR", value: "14.95" },
      description: "Order 42 - 100 credits",
      redirectUrl: "https://flirt.example/transactions/42",
      webhookUrl: "https://flirt.example/webhooks/payments/mollie",
      metadata: { orderId: 42 },
      locale: "de_DE",
      method: "creditcard",
    });

    expect(created.paymentId).toMatch(/^tr_[A-Za-z0-9]{10}$/);
    expect(created.checkoutUrl).toBe(`${new URL(api.url).origin}/checkout/${created.paymentId}`);
  });

  it("sends the chosen bank as the issuer", async () => {
    await mollie.createPayment(order({ method: "ideal", issuer: "ideal_INGBNL2A" }));
    expect(lastBody()).toMatchObject({ method: "ideal", issuer: "ideal_INGBNL2A", locale: "nl_NL" });
  });

  it.each([
    [1495, "14.95"],
    [5, "0.05"],
    [100_000, "1000.00"],
  ])("sends %i cents as %s", async (amountCents, value) => {
    await mollie.createPayment(order({ amountCents, currency: "PLN", method: "blik" }));
    expect(lastBody().amount).toEqual({ currency: "PLN", value });
  });

  it.each(CARD_METHODS)("opens Mollie's card form for %s", async (method) => {
    await mollie.createPayment(order({ method }));
    expect(lastBody().method).toBe("creditcard");
  });

  const discontinued: PaymentMethod[] = ["giropay", "sofort"];
  const ownMethods = PAYMENT_METHODS.filter(
    (method) => !CARD_METHODS.includes(method) && method !== "directdebit" && !discontinued.includes(method),
  );

  it.each(ownMethods)("asks Mollie for %s under the same id", async (method) => {
    await mollie.createPayment(order({ method, currency: "EUR" }));
    expect(lastBody().method).toBe(method);
  });

  it.each(discontinued)("passes %s on as asked, and fails when Mollie refuses the discontinued method", async (method) => {
    await expect(mollie.createPayment(order({ method }))).rejects.toMatchObject({ statusCode: 422, field: "method" });
    expect(lastBody().method).toBe(method);
  });

  const locales: Record<(typeof LANGUAGES)[number], string> = {
    nl: "nl_NL",
    en: "en_US",
    de: "de_DE",
    fr: "fr_FR",
    es: "es_ES",
    it: "it_IT",
    da: "da_DK",
    fi: "fi_FI",
    nb: "nb_NO",
    pl: "pl_PL",
    sv: "sv_SE",
  };

  it.each(LANGUAGES)("shows the checkout in the buyer's language %s", async (language) => {
    await mollie.createPayment(order({ language }));
    expect(lastBody().locale).toBe(locales[language]);
  });

  it("leaves the locale to Mollie for a language it has no checkout in", async () => {
    await mollie.createPayment(order({ language: "pt" }));
    expect(lastBody()).not.toHaveProperty("locale");
  });

  it("never sends direct debit to Mollie", async () => {
    await expect(mollie.createPayment(order({ method: "directdebit" }))).rejects.toThrow(/direct debit/);
    expect(api.requests).toHaveLength(0);
  });

  it("rejects when Mollie refuses the payment (422)", async () => {
    const refused = mollie.createPayment(order({ description: "" }));
    await expect(refused).rejects.toBeInstanceOf(MollieApiError);
    await expect(refused).rejects.toMatchObject({ statusCode: 422, field: "description", message: "The description is invalid" });
    expect(api.requests).toHaveLength(1);
  });

  it("rejects when Mollie refuses the API key (401)", async () => {
    const wrongKey = new MolliePaymentService({ apiKey: "test_wrongkey", apiEndpoint: api.url });
    await expect(wrongKey.createPayment(order())).rejects.toMatchObject({ statusCode: 401 });
    expect(api.requests.map((request) => request.headers.authorization)).toEqual(["Bearer test_wrongkey"]);
  });

  it("rejects a payment that comes back without a checkout", async () => {
    const paidAtOnce = await startMollieApi({ initialStatus: "paid" });
    try {
      const service = new MolliePaymentService({ apiKey: API_KEY, apiEndpoint: paidAtOnce.url });
      await expect(service.createPayment(order())).rejects.toThrow(/no checkout URL/);
      expect(paidAtOnce.requests).toHaveLength(1);
    } finally {
      await paidAtOnce.close();
    }
  });
});

describe("paymentStatus", () => {
  const statuses: [MolliePaymentStatus, ProviderStatus][] = [
    ["open", "open"],
    ["pending", "pending"],
    ["authorized", "pending"],
    ["paid", "paid"],
    ["failed", "failed"],
    ["canceled", "canceled"],
    ["expired", "expired"],
  ];

  it.each(statuses)("reports Mollie's %s as %s", async (mollieStatus, expected) => {
    const { paymentId } = await mollie.createPayment(order());
    api.setStatus(paymentId, mollieStatus);
    api.requests.length = 0;

    expect(await mollie.paymentReport(paymentId)).toEqual({ status: expected, refundedCents: 0, chargedBackCents: 0 });
    expect(api.requests).toEqual([expect.objectContaining({ method: "GET", path: `/v2/payments/${paymentId}` })]);
  });

  it("reports refunds and chargebacks of a paid payment as totals in cents (review M-9)", async () => {
    const { paymentId } = await mollie.createPayment(order());
    api.setStatus(paymentId, "paid");
    api.setReversed(paymentId, { refunded: "5.00", chargedBack: "2.50" });
    expect(await mollie.paymentReport(paymentId)).toEqual({ status: "paid", refundedCents: 500, chargedBackCents: 250 });
  });

  it("answers null for a payment Mollie does not know (404)", async () => {
    expect(await mollie.paymentReport("tr_unknown1234")).toBeNull();
    expect(api.requests.map((request) => request.path)).toEqual(["/v2/payments/tr_unknown1234"]);
  });

  it("answers null for an id that cannot be Mollie's, without asking", async () => {
    expect(await mollie.paymentReport("../customers")).toBeNull();
    expect(await mollie.paymentReport("ord_abc")).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it("throws on other errors, so the webhook fails and Mollie retries", async () => {
    const { paymentId } = await mollie.createPayment(order());
    const wrongKey = new MolliePaymentService({ apiKey: "live_wrongkey", apiEndpoint: api.url });
    await expect(wrongKey.paymentReport(paymentId)).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe("accepts", () => {
  it("takes every checkout method but the retired ones, and never direct debit", () => {
    expect(mollie.accepts("ideal")).toBe(true);
    expect(mollie.accepts("visa")).toBe(true);
    expect(mollie.accepts("sofort")).toBe(false);
    expect(mollie.accepts("giropay")).toBe(false);
    expect(mollie.accepts("directdebit")).toBe(false);
  });
});

describe("cancelPayment", () => {
  it("cancels an open payment, and says no to one that is settled or unknown", async () => {
    const { paymentId } = await mollie.createPayment(order());
    expect(await mollie.cancelPayment(paymentId)).toBe(true);
    expect((await mollie.paymentReport(paymentId))?.status).toBe("canceled");
    expect(await mollie.cancelPayment(paymentId)).toBe(false);
    expect(await mollie.cancelPayment("tr_unknown1")).toBe(false);
    expect(api.requests.filter((request) => request.method === "DELETE")).toHaveLength(3);
  });
});
