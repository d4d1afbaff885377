import { BODY_TYPES, GENDERS, RELATIONSHIP_STATUSES, SEXUALITIES, type SEARCH_FIELDS } from "~/domain/profile-fields";
import { isRegionOf } from "~/domain/places";

export type SearchField = (typeof SEARCH_FIELDS)[number];

/** The search filters (docs/product/search.md#filters): what a member looks for. Absent means "any". */
export interface SearchFilters {
  gender?: (typeof GENDERS)[number];
  country?: string;
  region?: string;
  min_age?: number;
  max_age?: number;
  sexuality?: (typeof SEXUALITIES)[number];
  body_type?: (typeof BODY_TYPES)[number];
  relationship_status?: (typeof RELATIONSHIP_STATUSES)[number];
  has_photo?: boolean;
}

export const MAX_SEARCH_AGE = 99;

/** The choices of the select filters, in the order the form shows them. */
export const FILTER_OPTIONS = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
} as const;

export interface SearchRules {
  fields: readonly SearchField[];
  countries: readonly string[];
  minAge: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function age(value: string | null, rules: SearchRules): number | undefined {
  if (value === null || !/^\d{1,3}$/.test(value)) return undefined;
  return Math.min(MAX_SEARCH_AGE, Math.max(rules.minAge, Number(value)));
}

/**
 * The filters in a query string, limited to the brand's search_fields and to values that exist:
 * a country the brand serves, a region of that country (or of its own country when none is chosen), ages within the brand's bounds (a
 * reversed range is turned round). Anything else is dropped, never passed to the query.
 */
export function parseSearchFilters(params: URLSearchParams, rules: SearchRules): SearchFilters {
  const on = (field: SearchField) => rules.fields.includes(field);
  const filters: SearchFilters = {};
  if (on("gender")) filters.gender = oneOf(GENDERS, params.get("gender"));
  if (on("country")) filters.country = oneOf(rules.countries, params.get("country"));
  const region = params.get("region");
  if (on("region") && region) {
    // A region names its country (NL-NH is in NL): chosen without a country, it brings its own.
    const country = filters.country ?? oneOf(rules.countries, region.split("-")[0] ?? null);
    if (country && isRegionOf(country, region)) Object.assign(filters, { country, region });
  }
  if (on("min_age")) filters.min_age = age(params.get("min_age"), rules);
  if (on("max_age")) filters.max_age = age(params.get("max_age"), rules);
  if (filters.min_age !== undefined && filters.max_age !== undefined && filters.min_age > filters.max_age) {
    [filters.min_age, filters.max_age] = [filters.max_age, filters.min_age];
  }
  if (on("sexuality")) filters.sexuality = oneOf(SEXUALITIES, params.get("sexuality"));
  if (on("body_type")) filters.body_type = oneOf(BODY_TYPES, params.get("body_type"));
  if (on("relationship_status")) filters.relationship_status = oneOf(RELATIONSHIP_STATUSES, params.get("relationship_status"));
  if (on("has_photo") && params.get("has_photo") === "1") filters.has_photo = true;
  return withoutEmpty(filters);
}

/** The filters as a query string (the form's own names), for links and the remembered search. */
export function filtersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    params.set(key, value === true ? "1" : String(value));
  }
  return params;
}

/** Looser filters for "similar profiles" when few match: any region, five more years each way, no details. */
export function similarFilters(filters: SearchFilters, minAge: number): SearchFilters {
  return withoutEmpty({
    gender: filters.gender,
    country: filters.country,
    min_age: filters.min_age === undefined ? undefined : Math.max(minAge, filters.min_age - 5),
    max_age: filters.max_age === undefined ? undefined : Math.min(MAX_SEARCH_AGE, filters.max_age + 5),
  });
}

function withoutEmpty(filters: SearchFilters): SearchFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as SearchFilters;
}
