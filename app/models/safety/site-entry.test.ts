import { describe, expect, it } from "vitest";
import { shouldShowSiteEntryWarning, type SiteEntryInput } from "./site-entry";

const base: SiteEntryInput = {
  layout: "default",
  setting: "yes",
  visitorCountry: null,
  brandCountries: ["BE"],
  loggedIn: false,
  dismissedAt: null,
};

const show = (overrides: Partial<SiteEntryInput>) => shouldShowSiteEntryWarning({ ...base, ...overrides });

describe("shouldShowSiteEntryWarning", () => {
  it("shows in the default layout for every country", () => {
    expect(show({})).toBe(true);
    expect(show({ visitorCountry: "US" })).toBe(true);
  });

  it("is skipped for members, when switched off and once dismissed", () => {
    expect(show({ loggedIn: true })).toBe(false);
    expect(show({ setting: "no" })).toBe(false);
    expect(show({ dismissedAt: Date.now() })).toBe(false);
  });

  it("when limited to countries, shows only to visitors from them", () => {
    expect(show({ setting: ["PL", "DE"], visitorCountry: "PL" })).toBe(true);
    expect(show({ setting: ["PL", "DE"], visitorCountry: "NL" })).toBe(false);
    // Unknown visitor country: the brand's first country stands in.
    expect(show({ setting: ["BE"], visitorCountry: null })).toBe(true);
  });

  it("in the chat, lander and empty layouts shows only to visitors from NL and DE", () => {
    for (const layout of ["chat", "lander", "empty"] as const) {
      expect(show({ layout, visitorCountry: "NL" })).toBe(true);
      expect(show({ layout, visitorCountry: "DE" })).toBe(true);
      expect(show({ layout, visitorCountry: "BE" })).toBe(false);
      expect(show({ layout, visitorCountry: null, brandCountries: ["FR"] })).toBe(false);
    }
  });
});
