import { describe, expect, it } from "vitest";
import { contrastRatio, hexToRgbTriplet, shadeWithContrast } from "./colour";

describe("colours", () => {
  it("writes a colour as Tailwind's channel triplet", () => {
    expect(hexToRgbTriplet("#f5006f")).toBe("245 0 111");
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // The WCAG reference value for #767676 on white: 4.54.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("keeps a colour that passes and darkens one that does not, just enough, keeping its hue", () => {
    expect(shadeWithContrast("#9c0047", "#ffffff", 4.5, "darker")).toBe("#9c0047");
    const green = shadeWithContrast("#32ad2b", "#ffffff", 4.5, "darker")!;
    expect(contrastRatio(green, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(green, "#ffffff")).toBeLessThan(4.8);
    const [r, g, b] = hexToRgbTriplet(green).split(" ").map(Number);
    expect(g).toBeGreaterThan(r!);
    expect(g).toBeGreaterThan(b!);
  });

  it("lightens a background for dark text, and finds nothing when the shade would be another colour", () => {
    const yellow = shadeWithContrast("#8a6d00", "#111827", 4.5, "lighter")!;
    expect(contrastRatio(yellow, "#111827")).toBeGreaterThanOrEqual(4.5);
    // Yellow text on white needs an olive: too far from yellow.
    expect(shadeWithContrast("#ffd400", "#ffffff", 4.5, "darker", 0.2)).toBeNull();
    expect(shadeWithContrast("#ffd400", "#ffffff", 4.5, "darker")).not.toBeNull();
  });
});
