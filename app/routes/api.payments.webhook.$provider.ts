import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { applyPaymentStatus, isOwnPayment } from "~/models/payments/order-payments.server";
import { applyProviderReversal } from "~/models/payments/order-reversal.server";
import { paymentService } from "~/services/payments/payment-service.server";

/**
 * The provider's report that a payment changed. It carries only the payment id; the status is
 * asked of the provider, and only about the payments of our own orders, so a forged call costs one
 * lookup in our database and no call out. Unknown ids get 200 like known ones (nothing to tell a
 * prober); a provider we cannot reach gets 500, and the provider tries again later.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const service = paymentService();
  if (params.provider !== service.provider) return new Response("unknown provider", { status: 404 });
  const id = (await request.formData()).get("id");
  if (typeof id !== "string" || id.length === 0 || id.length > 100) return new Response("missing id", { status: 400 });
  const report = (await isOwnPayment(db(), service.provider, id)) ? await service.paymentReport(id) : null;
  if (report) {
    await applyPaymentStatus(db(), { provider: service.provider, paymentId: id, status: report.status, source: "webhook" });
    // A refund or chargeback keeps the payment paid; the money that went back takes the credits back.
    await applyProviderReversal(db(), { provider: service.provider, paymentId: id, refundedCents: report.refundedCents, chargedBackCents: report.chargedBackCents });
  }
  return new Response("ok", { status: 200, headers: { "Content-Type": "text/plain" } });
}

export function loader() {
  return new Response("method not allowed", { status: 405, headers: { Allow: "POST" } });
}
