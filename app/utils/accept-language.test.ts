import { describe, expect, it } from "vitest";
import { acceptedLanguages } from "./accept-language";

describe("acceptedLanguages", () => {
  it("orders tags by quality and keeps the header order for ties", () => {
    expect(acceptedLanguages("fr;q=0.5, de-CH, en;q=0.9, *;q=0.1")).toEqual(["de-CH", "en", "fr"]);
  });

  it("drops refused and empty entries", () => {
    expect(acceptedLanguages("nl;q=0, ,pl")).toEqual(["pl"]);
    expect(acceptedLanguages(null)).toEqual([]);
  });
});
