import { describe, expect, it } from "vitest";
import { landerVariant, parseNicheSlug, slugLanguage } from "./lander-variant";

const tenant = {
  niche: 1 as const,
  landers: { default: "tinderswipe" as const, campaigns: [{ slug: "zomer", headline: { nl: "Zomerliefde" } }] },
};

describe("lander variants", () => {
  it("reads a niche slug with its locale", () => {
    expect(parseNicheSlug("bdsm-de")).toEqual({ niche: "bdsm", language: "de" });
    expect(parseNicheSlug("gay-sv")).toEqual({ niche: "gay", language: "sv" });
    expect(parseNicheSlug("bdsm-xx")).toBeNull();
    expect(parseNicheSlug("pets-de")).toBeNull();
    expect(parseNicheSlug(undefined)).toBeNull();
  });

  it("selects a campaign, a niche or the brand's default, never failing", () => {
    expect(landerVariant(tenant, "zomer", "nl")).toEqual({ niche: "general", headline: "Zomerliefde", slug: "zomer" });
    expect(landerVariant(tenant, "zomer", "de")).toEqual({ niche: "general", headline: null, slug: "zomer" });
    expect(landerVariant(tenant, "milf-fr", "fr")).toEqual({ niche: "milf", headline: null, slug: "milf-fr" });
    expect(landerVariant(tenant, "no-such-thing", "nl")).toEqual({ niche: "general", headline: null, slug: null });
    expect(landerVariant(tenant, undefined, "nl")).toEqual({ niche: "general", headline: null, slug: null });
  });

  it("takes the language from the slug of a lander or member landing page only", () => {
    expect(slugLanguage("/landers/video/bdsm-de")).toBe("de");
    expect(slugLanguage("/members/12/landing2/she-en")).toBe("en");
    expect(slugLanguage("/members/12/landing/she-en")).toBeNull();
    expect(slugLanguage("/pages/bdsm-de")).toBeNull();
    expect(slugLanguage("/landers/video/zomer")).toBeNull();
  });
});
