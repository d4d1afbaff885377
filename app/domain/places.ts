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

/** Each of the countries with its regions, as the location form's schema checks them. */
export function countriesWithRegions(countries: readonly string[]): Array<{ code: string; regions: Region[] }> {
  return countries.map((code) => ({ code, regions: regionsOf(code) }));
}
