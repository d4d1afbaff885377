import { redirect, type AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { paymentService } from "~/services/payments/payment-service.server";
import type { Tenant } from "~/tenancy/schema";
import { notFound } from "~/web/http.server";
import { siteOrigin } from "~/web/site-origin.server";
import { startCheckout } from "~/models/payments/checkout.server";
import { assertMayBuy } from "./purchase-pause.server";
import { buyerCountry, discountFor, discountView, offerFor } from "./credit-offers.server";
import type { DiscountError } from "~/models/payments/discounts.server";
import { priceProduct, productFromId, type Product } from "~/models/payments/order-pricing";
import { DIRECT_DEBIT, isPaymentMethod, issuersOf, methodsFor, type PaymentMethod } from "~/domain/payment-methods";
import { directDebitOffered } from "~/models/payments/direct-debit.server";
import type { CurrentMember } from "~/models/members/current-member";

/** The methods this buyer is offered: by country, in order, where the provider takes them. */
export function offeredMethods(context: AppLoadContext, tenant: Tenant): PaymentMethod[] {
  const service = paymentService();
  return methodsFor(buyerCountry(context, tenant), tenant.currency, (method) => (method === DIRECT_DEBIT ? directDebitOffered(tenant) : service.accepts(method)));
}

/** Everything /credits/{id}/{method?} shows: the product at today's price and the methods for the buyer's country. */
export async function checkoutPage(request: Request, context: AppLoadContext, input: { tenant: Tenant; member: CurrentMember; id: string; method?: string }) {
  const { tenant, member } = input;
  await assertMayBuy(member.id);
  const product = productFromId(input.id);
  const country = buyerCountry(context, tenant);
  const typed = new URL(request.url).searchParams.get("code")?.slice(0, 40) || null;
  const listCents = product ? priceProduct(tenant, product)?.listCents : undefined;
  const found = product && listCents ? await discountFor(db(), { tenant, member, country, code: typed, listCents, method: methodParam(input.method) }) : null;
  const offer = product && found ? offerFor(tenant, product, found.discount) : null;
  if (!offer) notFound();
  const methods = offeredMethods(context, tenant);
  const method = input.method === undefined ? null : methods.find((candidate) => candidate === input.method);
  if (method === undefined) notFound();
  const code = found!.code;
  if (method === DIRECT_DEBIT) throw redirect(`/directdebit?${new URLSearchParams({ product: offer.id, ...(code ? { code } : {}) })}`);
  const discount = found!.discount && offer.discountPercent > 0 ? discountView(found!.discount) : null;
  return { offer, currency: tenant.currency, methods, method, issuers: method ? issuersOf(method) : [], code, codeError: found!.codeError, discount };
}

export type CheckoutError = DiscountError | "product" | "price_changed" | "order_changed" | "provider" | "issuer";

/**
 * The confirm modal's "pay": the order is placed at the server's price and the buyer goes to the
 * provider's checkout. Whatever the form says about prices is ignored; only the product, method,
 * bank and code are read from it, and each is checked against what this buyer is offered.
 */
export async function payFromForm(
  request: Request,
  context: AppLoadContext,
  input: { tenant: Tenant; member: CurrentMember; product: Product | null; method: PaymentMethod | null; repeatOfId?: number },
): Promise<{ error: CheckoutError } | Response> {
  const { tenant, member } = input;
  await assertMayBuy(member.id);
  const form = await request.formData();
  const country = buyerCountry(context, tenant);
  const method = input.method;
  if (!input.product || !method || !offeredMethods(context, tenant).includes(method) || method === DIRECT_DEBIT) notFound();
  const issuers = issuersOf(method);
  const issuer = String(form.get("issuer") ?? "");
  if (issuers.length > 0 && !issuers.some((candidate) => candidate.id === issuer)) return { error: "issuer" };
  const code = String(form.get("code") ?? "").slice(0, 40) || null;
  // The total the confirm modal showed; only compared, never charged.
  const expected = Number(form.get("expected"));
  const t = await getFixedT(context.language, "payments");
  const started = await startCheckout(db(), paymentService(), {
    tenant,
    member,
    product: input.product,
    country,
    method,
    issuer: issuers.length > 0 ? issuer : null,
    code,
    repeatOfId: input.repeatOfId ?? null,
    expectedCents: Number.isSafeInteger(expected) && expected > 0 ? expected : null,
    origin: siteOrigin(request, tenant),
    language: context.language,
    description: (credits) => t("checkout.description", { brand: tenant.name, count: credits }),
  });
  if (!started.ok) return { error: started.error };
  return redirect(started.checkoutUrl, 303);
}

export function methodParam(value: string | undefined): PaymentMethod | null {
  return isPaymentMethod(value) ? value : null;
}
