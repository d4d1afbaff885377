import { describe, expect, it } from "vitest";
import { nearestCity } from "./nearest-city.server";

describe("nearestCity", () => {
  it("finds the city a position is in, with its region", () => {
    expect(nearestCity(52.37, 4.9, ["NL", "BE"])).toMatchObject({ country: "NL", region: "NL-NH", city: "Amsterdam" });
    expect(nearestCity(48.14, 11.58, ["DE", "AT", "CH"])).toMatchObject({ country: "DE", region: "DE-BY", city: "München" });
  });

  it("looks only in the brand's countries, and gives up far from all of them", () => {
    const fromAntwerp = nearestCity(51.22, 4.4, ["NL"]);
    expect(fromAntwerp?.country).toBe("NL");
    expect(nearestCity(40.71, -74.0, ["NL", "BE"])).toBeNull();
  });
});
