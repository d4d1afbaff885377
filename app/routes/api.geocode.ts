import type { LoaderFunctionArgs } from "@remix-run/node";
import { nearestCity } from "~/services/geo/nearest-city.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { queryOf } from "~/web/api/answers.server";
import { GeocodeQuerySchema } from "~/web/api/schemas.server";

/** docs/product/api.md#geocode: GET /api/geocode?lat&lon — the nearest city in the brand's countries, or false. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const query = GeocodeQuerySchema.safeParse(queryOf(new URL(request.url)));
  if (!query.success) return Response.json(false, { status: 400 });
  const place = nearestCity(query.data.lat, query.data.lon, tenant.countries);
  return Response.json(place ? { country: place.country, region: place.region, city: place.city } : false, {
    headers: { "Cache-Control": "private, max-age=3600" },
  });
}
