import { nearestCity } from "~/services/geo/nearest-city.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { answer, apiRoute, parseInput, queryOf, type ApiCall } from "~/web/api/answers.server";
import { GeocodeAnswerSchema, GeocodeQuerySchema } from "~/web/api/schemas.server";

/** The nearest city of the bundled data within the brand's countries, or false (docs/product/api.md#geocode). */
async function geocode({ url, context }: ApiCall) {
  const tenant = requireTenant(context);
  const query = await parseInput(GeocodeQuerySchema, queryOf(url), context.language);
  if (!query.ok) return query.answer;
  const place = nearestCity(query.data.lat, query.data.lon, tenant.countries);
  // The answer depends on the coordinates and the brand only: the browser may keep it for an hour.
  return answer(GeocodeAnswerSchema, place ? { country: place.country, region: place.region, city: place.city } : false, { headers: { "Cache-Control": "private, max-age=3600" } });
}

export const { loader, action } = apiRoute({ GET: geocode });
