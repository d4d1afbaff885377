import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Database } from "../../../../db/client.server";
import { paymentService } from "~/services/payments/payment-service.server";
import { notFound } from "~/web/http.server";
import { releaseAbandonedCheckouts } from "~/models/payments/checkout.server";
import { mandateSchema, resendSchema, verifySchema } from "~/models/payments/direct-debit-form";
import {
  directDebitHeldBack,
  directDebitOffered,
  directDebitSpent,
  memberLimitCents,
  findRequest,
  mobileNumber,
  overLimit,
  requestCode,
  requestState,
  resendCode,
  verifyCode,
  type Buyer,
  type RequestState,
} from "~/models/payments/direct-debit.server";
import type { DiscountError } from "~/models/payments/discounts.server";
import { quoteOrder } from "~/models/payments/order-placement.server";
import { DIRECT_DEBIT } from "~/domain/payment-methods";
import { parseProduct, priceProduct, productFromId, productId, type PricedProduct, type Product } from "~/models/payments/order-pricing";

/* The /directdebit page: what it shows and what its forms do (the rules are in direct-debit.server.ts). */


/** What is bought, in cents; the route formats it in the member's locale. */
export type Purchase = Pick<PricedProduct, "credits" | "bonusCredits" | "listCents" | "amountCents" | "discountPercent" | "currency"> & {
  productId: string;
  kind: Product["kind"];
};

function purchaseOf(priced: PricedProduct, product: Product): Purchase {
  const { credits, bonusCredits, listCents, amountCents, discountPercent, currency } = priced;
  return { productId: productId(product), kind: product.kind, credits, bonusCredits, listCents, amountCents, discountPercent, currency };
}

export type DirectDebitPage =
  | {
      step: "mandate";
      purchase: Purchase;
      code: string | null;
      codeError: DiscountError | null;
      limitReached: boolean;
      /** Why this member cannot use direct debit yet (the form is not shown then). */
      heldBack: ReturnType<typeof directDebitHeldBack>;
    }
  | { step: "code"; purchase: Purchase; requestId: number; phone: string; state: Exclude<RequestState, "verified"> }
  | { step: "verified"; orderId: number };

/**
 * The page for `?product=<id>&code=<code>` (the mandate form) or `?request=<id>` (the SMS-code
 * step). Throws a 404 for a brand without direct debit, an unknown product or another member's request.
 */
export async function directDebitPage(db: Database, buyer: Omit<Buyer, "language">, search: URLSearchParams): Promise<DirectDebitPage> {
  if (!directDebitOffered(buyer.tenant)) notFound();
  const requestId = Number(search.get("request"));
  if (search.has("request")) {
    if (!Number.isSafeInteger(requestId) || requestId <= 0) notFound();
    const request = await findRequest(db, { tenant: buyer.tenant, memberId: buyer.member.id, requestId });
    const product = request && parseProduct(request.product);
    if (!request || !product) notFound();
    const state = requestState(request);
    if (state === "verified") return request.orderId ? { step: "verified", orderId: request.orderId } : notFound();
    const quote = await quoteOrder(db, { ...buyer, product, code: request.discountCode, method: DIRECT_DEBIT });
    // A code that stopped applying (used elsewhere meanwhile) is refused at confirmation; show the list price until then.
    const priced = quote.ok ? quote.priced : priceProduct(buyer.tenant, product)!;
    return { step: "code", purchase: purchaseOf(priced, product), requestId, phone: parsePhoneNumberFromString(request.phone)?.formatInternational() ?? request.phone, state };
  }
  const product = productFromId(search.get("product") ?? "");
  if (!product || !priceProduct(buyer.tenant, product)) notFound();
  const typed = search.get("code")?.trim() || null;
  let quote = await quoteOrder(db, { ...buyer, product, code: typed, method: DIRECT_DEBIT });
  const codeError = quote.ok || quote.error === "product" ? null : quote.error;
  // A typed code that does not apply is reported, and the price without it shown.
  if (!quote.ok) quote = await quoteOrder(db, { ...buyer, product, code: null, method: DIRECT_DEBIT });
  if (!quote.ok) notFound();
  const [spent, limit] = await Promise.all([directDebitSpent(db, buyer.tenant, buyer.member.id), memberLimitCents(db, buyer.tenant, buyer.member.id)]);
  return {
    step: "mandate",
    purchase: purchaseOf(quote.priced, product),
    code: typed && quote.discount ? quote.discount.code : null,
    codeError,
    limitReached: overLimit(buyer.tenant, spent, quote.priced.amountCents, limit),
    heldBack: directDebitHeldBack(buyer.tenant, buyer.member),
  };
}

type FormOutcome<T> = { ok: true; value: T } | { ok: false; reply: SubmissionResult<string[]>; attemptsLeft?: number };

const MESSAGES = {
  blocked: "directdebit:errors.blocked",
  limit: "directdebit:errors.limit",
  too_many_codes: "directdebit:errors.tooManyCodes",
  sms: "directdebit:errors.sms",
  held_back: "directdebit:heldBack.unconfirmed",
  invalid: "directdebit:code.invalid",
  dead: "directdebit:code.dead",
  price_changed: "payments:confirm.errors.price_changed",
  expired: "directdebit:code.expired",
} as const;

/** The catalogue key of a refusal shown on the page (a product or request that is not there is a 404 instead). */
function messageOf(error: keyof typeof MESSAGES | "discount", discount: DiscountError | undefined): string {
  return error === "discount" ? `payments:discount.errors.${discount ?? "not_found"}` : MESSAGES[error];
}

/** The mandate form: valid fields, a mobile number, then requestCode. Returns the new request's id. */
export async function submitMandate(db: Database, buyer: Buyer, formData: FormData): Promise<FormOutcome<number>> {
  if (!directDebitOffered(buyer.tenant)) notFound();
  const submission = parseWithZod(formData, { schema: mandateSchema });
  if (submission.status !== "success") return { ok: false, reply: submission.reply() };
  const form = submission.value;
  const product = productFromId(form.product);
  if (!product || !priceProduct(buyer.tenant, product)) notFound();
  const phone = mobileNumber(form.phone, buyer.country, buyer.tenant.countries);
  if (!phone) return { ok: false, reply: submission.reply({ fieldErrors: { phone: ["directdebit:errors.phone"] } }) };
  const mandate = { accountHolder: form.account_holder, iban: form.iban, street: form.street, houseNumber: form.house_number, zip: form.zip, city: form.city, phone };
  const outcome = await requestCode(db, buyer, { product, code: form.code || null, mandate });
  if (!outcome.ok) {
    if (outcome.error === "product") notFound();
    return { ok: false, reply: submission.reply({ formErrors: [messageOf(outcome.error, outcome.discount)] }) };
  }
  return { ok: true, value: outcome.requestId };
}

/** The SMS-code form. Returns the paid order's id. */
export async function submitCode(db: Database, buyer: Buyer, formData: FormData): Promise<FormOutcome<number>> {
  if (!directDebitOffered(buyer.tenant)) notFound();
  const submission = parseWithZod(formData, { schema: verifySchema });
  if (submission.status !== "success") return { ok: false, reply: submission.reply() };
  // An open checkout given up for this may hold the member's discount code.
  await releaseAbandonedCheckouts(db, paymentService(), buyer.member.id);
  const outcome = await verifyCode(db, buyer, { requestId: submission.value.request, code: submission.value.code });
  if (outcome.ok) return { ok: true, value: outcome.orderId };
  if (outcome.error === "not_found" || outcome.error === "product") notFound();
  const message = messageOf(outcome.error, outcome.discount);
  const aboutTheCode = outcome.error === "invalid" || outcome.error === "dead" || outcome.error === "expired";
  // A wrong code is cleared from the field: it will not become right by sending it again.
  const reply = submission.reply({ hideFields: ["code"], ...(aboutTheCode ? { fieldErrors: { code: [message] } } : { formErrors: [message] }) });
  return { ok: false, reply, attemptsLeft: outcome.attemptsLeft };
}

/** The "send a new code" button. Returns the new request's id, or the order when it was confirmed already. */
export async function submitResend(db: Database, buyer: Buyer, formData: FormData): Promise<FormOutcome<{ requestId: number } | { orderId: number }>> {
  if (!directDebitOffered(buyer.tenant)) notFound();
  const submission = parseWithZod(formData, { schema: resendSchema });
  if (submission.status !== "success") notFound();
  const outcome = await resendCode(db, buyer, submission.value.request);
  if (outcome.ok) return { ok: true, value: { requestId: outcome.requestId } };
  if (outcome.error === "verified" && "orderId" in outcome && outcome.orderId) return { ok: true, value: { orderId: outcome.orderId } };
  if (outcome.error === "not_found" || outcome.error === "product" || outcome.error === "verified") notFound();
  return { ok: false, reply: submission.reply({ formErrors: [messageOf(outcome.error, outcome.discount)] }) };
}
