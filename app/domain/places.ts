import places from "./data/places.json";

export interface Region {
  code: string;
  name: string;
  cities: string[];
}

const PLACES = places as Record<string, Region[]>;

/** Regions of a country from the bundled data set (app/domain/data/places.json). */
export function regionsOf(country: string): Region[] {
  return PLACES[country] ?? [];
}

export function isRegionOf(country: string, region: string): boolean {
  return regionsOf(country).some((r) => r.code === region);
}
