import { describe, expect, it } from "vitest";
import { brandLanguage, languageOptions, resolveLanguage } from "./resolve-language";

const german = { domain_language: "de-DE" };

describe("resolveLanguage", () => {
  it("prefers the member's saved language", () => {
    expect(resolveLanguage({ memberLanguage: "sv", cookieLanguage: "fr", tenant: german })).toBe("sv");
  });

  it("then the locale cookie", () => {
    expect(resolveLanguage({ memberLanguage: null, cookieLanguage: "fr", tenant: german })).toBe("fr");
  });

  it("then the language of the lander slug the visitor came through", () => {
    expect(resolveLanguage({ cookieLanguage: null, adLanguage: "en", tenant: german })).toBe("en");
    expect(resolveLanguage({ cookieLanguage: "fr", adLanguage: "en", tenant: german })).toBe("fr");
  });

  it("then the first two letters of the brand's domain language", () => {
    expect(resolveLanguage({ cookieLanguage: null, tenant: german })).toBe("de");
    expect(resolveLanguage({ tenant: { domain_language: "nb-NO" } })).toBe("nb");
  });

  it("ignores values it has no catalogue for", () => {
    expect(resolveLanguage({ memberLanguage: "xx", cookieLanguage: "klingon", tenant: german })).toBe("de");
    expect(resolveLanguage({ tenant: { domain_language: "pt-PT" } })).toBe("nl");
  });

  it("falls back to Dutch; a request without a brand follows the browser", () => {
    expect(resolveLanguage({ tenant: null })).toBe("nl");
    expect(resolveLanguage({ tenant: null, acceptLanguages: ["pt-BR", "en-US"] })).toBe("en");
  });
});

describe("brandLanguage", () => {
  it("reads the language part of domain_language", () => {
    expect(brandLanguage({ domain_language: "pl-PL" })).toBe("pl");
    expect(brandLanguage(null)).toBeNull();
  });
});

describe("languageOptions", () => {
  const brand = { countries: ["NL", "BE"] };

  it("offers the languages of the visitor's country", () => {
    expect(languageOptions("CH", brand, "nl")).toEqual(["de", "it", "fr", "en", "nl"]);
    expect(languageOptions("FI", brand, "fi")).toEqual(["fi", "sv"]);
  });

  it("offers the languages of the brand's countries when the visitor's country is unknown", () => {
    expect(languageOptions(null, brand, "nl")).toEqual(["nl", "fr", "de"]);
    expect(languageOptions("JP", brand, "nl")).toEqual(["nl", "fr", "de"]);
  });

  it("always includes the current language", () => {
    expect(languageOptions("DE", brand, "pl")).toEqual(["de", "pl"]);
  });
});
