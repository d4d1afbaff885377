import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { nearestCity } from "~/services/geo/nearest-city.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

const querySchema = z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) });

/** docs/product/api.md#geocode: GET /api/geocode?lat&lon — the nearest city in the brand's countries, or false. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const url = new URL(request.url);
  const query = querySchema.safeParse({ lat: url.searchParams.get("lat"), lon: url.searchParams.get("lon") });
  if (!query.success) return data(false, { status: 400 });
  const place = nearestCity(query.data.lat, query.data.lon, tenant.countries);
  return data(place ? { country: place.country, region: place.region, city: place.city } : false, {
    headers: { "Cache-Control": "private, max-age=3600" },
  });
}
