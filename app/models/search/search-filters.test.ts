import { describe, expect, it } from "vitest";
import { filtersToParams, parseSearchFilters, similarFilters, type SearchRules } from "./search-filters";

const rules: SearchRules = { fields: ["gender", "country", "region", "min_age", "max_age", "body_type"], countries: ["NL", "BE"], minAge: 18 };
const parse = (query: string) => parseSearchFilters(new URLSearchParams(query), rules);

describe("parseSearchFilters", () => {
  it("keeps valid filters of the brand's search fields and drops everything else", () => {
    expect(parse("gender=female&country=NL&region=NL-NH&min_age=25&max_age=35&body_type=slim&sexuality=gay")).toEqual({
      gender: "female",
      country: "NL",
      region: "NL-NH",
      min_age: 25,
      max_age: 35,
      body_type: "slim",
    });
    expect(parse("gender=robot&country=DE&region=DE-BY&min_age=abc&body_type=';drop")).toEqual({});
  });

  it("turns a reversed age range round and clamps ages to the brand's bounds", () => {
    expect(parse("min_age=50&max_age=30")).toEqual({ min_age: 30, max_age: 50 });
    expect(parse("min_age=5&max_age=150")).toEqual({ min_age: 18, max_age: 99 });
  });

  it("takes the country from a region chosen without one, and refuses a region of another country", () => {
    expect(parse("region=BE-VAN")).toEqual({ country: "BE", region: "BE-VAN" });
    expect(parse("country=NL&region=BE-VAN")).toEqual({ country: "NL" });
  });

  it("round-trips through a query string, and loosens for similar profiles", () => {
    const filters = parse("gender=male&country=NL&region=NL-UT&min_age=20&max_age=30&body_type=fat");
    expect(parse(filtersToParams(filters).toString())).toEqual(filters);
    expect(similarFilters(filters, 18)).toEqual({ gender: "male", country: "NL", min_age: 18, max_age: 35 });
  });
});
