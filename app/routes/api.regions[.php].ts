import { regionsOf } from "~/domain/places";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { answer, apiRoute, type ApiCall } from "~/web/api/answers.server";
import { RegionsAnswerSchema } from "~/web/api/schemas.server";
import { regionNames } from "~/utils/intl-formats";

/** The brand's countries with their regions and cities, as the location forms offer them (the bundled place data). */
async function regions({ context }: ApiCall) {
  const tenant = requireTenant(context);
  const names = regionNames(context.language);
  return answer(
    RegionsAnswerSchema,
    { countries: tenant.countries.map((code) => ({ code, name: names.of(code) ?? code, regions: regionsOf(code).map((region) => ({ code: region.code, name: region.name, cities: region.cities })) })) },
    { headers: { "Cache-Control": "private, max-age=3600", Vary: "Cookie, Accept-Language" } },
  );
}

export const { loader, action } = apiRoute({ GET: regions });
