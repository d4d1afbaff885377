import { getFixedT } from "~/i18n/i18next.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { answer, apiRoute, type ApiCall } from "~/web/api/answers.server";
import { InterestsAnswerSchema } from "~/web/api/schemas.server";

/** The interests a member of this brand may pick (its settings' list, as the profile form offers them), named in the request's language. */
async function interests({ context }: ApiCall) {
  const tenant = requireTenant(context);
  const t = await getFixedT(context.language, "profile");
  return answer(
    InterestsAnswerSchema,
    { interests: tenant.settings.interests.map((id) => ({ id, name: t(`interests.${id}`) })) },
    { headers: { "Cache-Control": "private, max-age=3600", Vary: "Cookie, Accept-Language" } },
  );
}

export const { loader, action } = apiRoute({ GET: interests });
