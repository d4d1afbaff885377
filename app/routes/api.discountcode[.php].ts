import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { buyerCountry, discountFor, discountView } from "~/models/payments/pages/credit-offers.server";
import { answer, apiError, apiRoute, parseInput, queryOf, type ApiCall } from "~/web/api/answers.server";
import { DiscountAnswerSchema, DiscountQuerySchema } from "~/web/api/schemas.server";
import { welcomeState } from "~/models/payments/discounts.server";
import { requireApiMember } from "~/web/require-member.server";

/**
 * A typed discount code checked as the credit pages check it (docs/product/payments.md#discount-codes),
 * with their throttle on wrong codes; or, with welcome=true, the discount the member has without a
 * code (the time bonus, the welcome or the delete discount) and their welcome discount record.
 */
async function discountCode({ url, context }: ApiCall) {
  const { tenant, member } = requireApiMember(context);
  const query = await parseInput(DiscountQuerySchema, queryOf(url), context.language);
  if (!query.ok) return query.answer;
  const { code, welcome } = query.data;
  if (!code && !welcome) return apiError(context.language, 400, "invalid_request", "api.invalidRequest", { fields: { code: [(await getFixedT(context.language, "security"))("api.required")] } });
  const found = await discountFor(db(), { tenant, member, country: buyerCountry(context, tenant), code: code ?? null });
  if (found.codeError === "throttled") return apiError(context.language, 429, "too_many_requests", "payments:discount.errors.throttled");
  // A code the member's own discount beats is no error: the answer is the discount that counts.
  if (found.codeError && found.codeError !== "weaker") {
    const text = (await getFixedT(context.language, "payments"))(`discount.errors.${found.codeError}`);
    return apiError(context.language, 400, `discount_${found.codeError}`, `payments:discount.errors.${found.codeError}`, { fields: { code: [text] } });
  }
  const discount = found.discount && discountView(found.discount);
  const state = welcome ? await welcomeState(db(), tenant, member) : null;
  const record = state?.record;
  return answer(DiscountAnswerSchema, {
    ...(welcome && {
      welcome: record
        ? {
            user_id: record.memberId,
            value_percentage: record.percent,
            currency: record.currency ?? tenant.currency,
            expires: record.expiresAt.toISOString(),
            status: record.status,
            validity: state.valid,
            expired: record.status === "expired",
            paymentmethods: record.methods,
          }
        : null,
    }),
    discount: discount && {
      code: discount.code,
      kind: discount.kind,
      percentage: discount.percent,
      minimum_order_cents: discount.minOrderCents,
      currency: tenant.currency,
      expires: discount.endsAt,
    },
  });
}

export const { loader, action } = apiRoute({ GET: discountCode });
