import { describe, expect, it } from "vitest";
import type { BrandTag } from "~/tenancy/brand-tags";
import { allowedTags, CONSENT_TEXT_VERSION, currentChoice, newerChoice } from "./consent-choice";

const tags = [
  { id: "analytics", category: "analytics", src: "https://s.example/s.js", data: {}, origins: [] },
  { id: "marketing_pixel", category: "marketing", src: "https://p.example/p.js", data: {}, origins: [] },
] satisfies BrandTag[];
const choice = (analytics: boolean, marketing: boolean, at = 1) => ({ analytics, marketing, version: CONSENT_TEXT_VERSION, at });

describe("consent choices", () => {
  it("let no tag load before a choice, and each tag only with its category", () => {
    expect(allowedTags(tags, null, false)).toEqual([]);
    expect(allowedTags(tags, choice(true, false), false).map((tag) => tag.id)).toEqual(["analytics"]);
    expect(allowedTags(tags, choice(false, true), false).map((tag) => tag.id)).toEqual(["marketing_pixel"]);
  });

  it("never allow marketing to a browser sending Sec-GPC: 1", () => {
    expect(allowedTags(tags, choice(true, true), true).map((tag) => tag.id)).toEqual(["analytics"]);
  });

  it("count only choices made under the current text version, and the newer of the account's and the browser's", () => {
    expect(currentChoice({ ...choice(true, true), version: CONSENT_TEXT_VERSION - 1 })).toBeNull();
    expect(currentChoice("yes")).toBeNull();
    expect(newerChoice(choice(true, true, 5), choice(false, false, 9))).toMatchObject({ analytics: false });
    expect(newerChoice(choice(true, true, 9), choice(false, false, 5))).toMatchObject({ analytics: true });
  });
});
