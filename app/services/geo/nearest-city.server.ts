import coordinates from "~/domain/data/city-coordinates.json";
import { regionsOf } from "~/domain/places";

type Coordinates = Record<string, Record<string, [number, number]>>;
const CITIES = coordinates as unknown as Coordinates;

/** Farther than this from every known city, we do not guess. */
const MAX_DISTANCE_KM = 150;

export interface NearestCity {
  country: string;
  region: string;
  city: string;
  distanceKm: number;
}

function distanceKm(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The local geocoder: the nearest city of the bundled data set within the given countries. */
export function nearestCity(lat: number, lon: number, countries: readonly string[]): NearestCity | null {
  let best: NearestCity | null = null;
  for (const country of countries) {
    for (const region of regionsOf(country)) {
      for (const [city, point] of Object.entries(CITIES[region.code] ?? {})) {
        const distance = distanceKm([lat, lon], point);
        if (!best || distance < best.distanceKm) best = { country, region: region.code, city, distanceKm: distance };
      }
    }
  }
  return best && best.distanceKm <= MAX_DISTANCE_KM ? best : null;
}
