import { describe, expect, it } from "vitest";
import { countryMap } from "./country-map.server";

describe("countryMap", () => {
  it("draws the Netherlands from its bundled cities, north up, and pins members on their city", () => {
    const map = countryMap("NL", [
      { id: 1, region: "NL-FR", city: "Leeuwarden" },
      { id: 2, region: "NL-FR", city: "Leeuwarden" },
      { id: 3, region: "NL-DR", city: "Emmen" },
      { id: 4, region: "NL-DR", city: "Atlantis" },
      { id: 5, region: null, city: null },
    ]);
    expect(map).not.toBeNull();
    expect(map!.dots.length).toBeGreaterThan(20);
    for (const [x, y] of map!.dots) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(map!.width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(map!.height);
    }
    expect(map!.pins.map((pin) => [pin.city, pin.members])).toEqual([
      ["Leeuwarden", [1, 2]],
      ["Emmen", [3]],
    ]);
    const [leeuwarden, emmen] = map!.pins;
    // Leeuwarden lies north-west of Emmen.
    expect(leeuwarden!.y).toBeLessThan(emmen!.y);
    expect(leeuwarden!.x).toBeLessThan(emmen!.x);
  });

  it("has no map for a country without bundled places", () => {
    expect(countryMap("XX", [])).toBeNull();
  });
});
