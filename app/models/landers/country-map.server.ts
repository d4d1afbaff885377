import coordinates from "~/domain/data/city-coordinates.json";
import { regionsOf } from "~/domain/places";

type Coordinates = Record<string, Record<string, [number, number]>>;
const CITIES = coordinates as unknown as Coordinates;

/** The width of the map's drawing; its height follows the country's shape. */
const WIDTH = 100;
const PADDING = 6;

export interface CountryMap {
  width: number;
  height: number;
  /** Every bundled city of the country: together they draw its shape, with no map tiles from anyone. */
  dots: Array<[number, number]>;
  /** The cities where the given members live, with how many of them. */
  pins: Array<{ city: string; x: number; y: number; members: number[] }>;
}

/**
 * A dot map of a country from the bundled region data (docs/product/landers.md#maplanding): an
 * equirectangular projection, longitudes narrowed by the cosine of the middle latitude so the
 * country keeps its shape. Null for a country without bundled cities.
 */
export function countryMap(country: string, members: ReadonlyArray<{ id: number; region: string | null; city: string | null }>): CountryMap | null {
  const places = regionsOf(country).flatMap((region) => Object.entries(CITIES[region.code] ?? {}).map(([city, point]) => ({ region: region.code, city, point })));
  if (places.length === 0) return null;
  const lats = places.map((p) => p.point[0]);
  const lons = places.map((p) => p.point[1]);
  const [north, south] = [Math.max(...lats), Math.min(...lats)];
  const [west, east] = [Math.min(...lons), Math.max(...lons)];
  const narrowing = Math.cos((((north + south) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * narrowing, 0.01);
  const spanY = Math.max(north - south, 0.01);
  const scale = (WIDTH - 2 * PADDING) / Math.max(spanX, spanY);
  const height = Math.round(spanY * scale + 2 * PADDING);
  const width = Math.round(spanX * scale + 2 * PADDING);
  const project = ([lat, lon]: [number, number]): [number, number] => [round((lon - west) * narrowing * scale + PADDING), round((north - lat) * scale + PADDING)];

  const pins = new Map<string, CountryMap["pins"][number]>();
  for (const member of members) {
    const place = places.find((p) => p.region === member.region && p.city === member.city);
    if (!place) continue;
    const key = `${place.region}/${place.city}`;
    const pin = pins.get(key) ?? { city: place.city, x: 0, y: 0, members: [] };
    [pin.x, pin.y] = project(place.point);
    pin.members.push(member.id);
    pins.set(key, pin);
  }
  return { width, height, dots: places.map((p) => project(p.point)), pins: [...pins.values()] };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
