import { describe, expect, it } from "vitest";
import { dayBounds } from "./time-zone-day";

describe("dayBounds", () => {
  it("gives the brand's local day, its start and the next day's start", () => {
    // 23:30 UTC on 21 November is already 22 November in Amsterdam (UTC+1).
    expect(dayBounds("Europe/Amsterdam", new Date("2026-11-21T23:30:00Z"))).toEqual({
      day: "2026-11-22",
      start: new Date("2026-11-21T23:00:00Z"),
      next: new Date("2026-11-22T23:00:00Z"),
    });
  });

  it("handles the day clocks go forward (23 hours) in summer time", () => {
    const bounds = dayBounds("Europe/Stockholm", new Date("2026-03-29T12:00:00Z"));
    expect(bounds.start).toEqual(new Date("2026-03-28T23:00:00Z"));
    expect(bounds.next).toEqual(new Date("2026-03-29T22:00:00Z"));
  });

  it("starts the day at the first moment that has its date where midnight is skipped (Santiago, DST begins at 00:00)", () => {
    const bounds = dayBounds("America/Santiago", new Date("2026-09-06T12:00:00Z"));
    expect(bounds.day).toBe("2026-09-06");
    expect(new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago", dateStyle: "short" }).format(bounds.start)).toBe("2026-09-06");
    expect(new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago", dateStyle: "short" }).format(new Date(bounds.start.getTime() - 1))).toBe("2026-09-05");
  });
});
