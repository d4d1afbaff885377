import { describe, expect, it } from "vitest";
import { ageOn } from "./age";

describe("ageOn", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  it("counts whole years and turns a year older on the birthday", () => {
    expect(ageOn("2000-06-15", now)).toBe(26);
    expect(ageOn("2000-06-16", now)).toBe(25);
    expect(ageOn("2000-01-31", now)).toBe(26);
  });
});
