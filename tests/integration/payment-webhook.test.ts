import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "../../app/routes/api.payments.webhook.$provider";
import { attachPayment } from "../../app/models/payments/order-payments.server";
import { placeOrder } from "../../app/models/payments/order-placement.server";
import { setPaymentService } from "../../app/services/payments/payment-service.server";
import type { PaymentService } from "../../app/services/payments/payments";
import { tenantSchema } from "../../app/tenancy/schema";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const tenant = tenantSchema.parse(tenantFixture({ id: "alpha" }));
/** The payment ids the provider was asked about. */
const asked: string[] = [];
const provider: PaymentService = {
  provider: "fakepay",
  accepts: () => true,
  createPayment: () => Promise.reject(new Error("not in this test")),
  paymentReport: async (paymentId) => {
    asked.push(paymentId);
    return { status: "paid", refundedCents: 0, chargedBackCents: 0 };
  },
  cancelPayment: async () => false,
  refundPayment: async () => false,
};

const handle = testDatabasePerFile({ asAppDatabase: true });
beforeAll(() => setPaymentService(provider));
afterAll(() => setPaymentService(undefined));

function webhook(id: string) {
  const request = new Request("https://flirtpunt.nl/api/payments/webhook/fakepay", { method: "POST", body: new URLSearchParams({ id }) });
  return action({ request, params: { provider: "fakepay" }, context: {} as never });
}

describe("the payment provider's webhook (review L-9)", () => {
  it("asks the provider only about payments of our own orders", async () => {
    const response = await webhook("tr_forged123");
    expect(response.status).toBe(200);
    expect(asked).toEqual([]);

    const { member } = await createMember(handle.db, { tenant, email: "buyer@example.com", createdAt: new Date("2020-01-01T00:00:00Z") });
    const bundle = tenant.pricing[tenant.currency]!.bundles[0]!;
    const placed = await placeOrder(handle.db, { tenant, member: { id: member.id, paidUser: member.paidUser, createdAt: member.createdAt }, product: { kind: "bundle", id: bundle.id }, country: "NL", method: "ideal", issuer: null, provider: "fakepay", code: null });
    if (!placed.ok) throw new Error(placed.error);
    await attachPayment(handle.db, placed.orderId, "tr_real456");
    expect((await webhook("tr_real456")).status).toBe(200);
    expect(asked).toEqual(["tr_real456"]);
  });
});
