import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayBefore, dayOf, listTime } from "./chat-clock";

describe("dayOf", () => {
  it("is the brand's calendar day, not UTC's", () => {
    const lateEvening = new Date("2026-11-21T23:30:00Z");
    expect(dayOf(lateEvening, "Europe/Amsterdam")).toBe("2026-11-22");
    expect(dayOf(lateEvening, "America/New_York")).toBe("2026-11-21");
    expect(dayOf(new Date("2026-03-29T00:30:00Z"), "Europe/Amsterdam")).toBe("2026-03-29");
  });

  it("is the formatted day of any moment in any zone, odd offsets and clock changes too (days are remembered per quarter hour)", () => {
    const zones = ["Europe/Amsterdam", "Asia/Kathmandu", "America/St_Johns", "Australia/Lord_Howe", "Pacific/Chatham", "UTC"];
    const QUARTER = 15 * 60_000;
    const formatted = (date: Date, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
    // Two moments within an hour from a quarter of a day (every quarter equally likely, so each zone's
    // midnight is met often): the first asks and is remembered, the second must still be right.
    const moments = fc.record({
      day: fc.integer({ min: Date.UTC(2020, 0, 1) / 86_400_000, max: Date.UTC(2035, 11, 31) / 86_400_000 }),
      quarter: fc.integer({ min: 0, max: 95 }),
      first: fc.integer({ min: 0, max: 4 * QUARTER - 1 }),
      second: fc.integer({ min: 0, max: 4 * QUARTER - 1 }),
      zone: fc.constantFrom(...zones),
    });
    fc.assert(
      fc.property(moments, ({ day, quarter, first, second, zone }) => {
        const start = day * 86_400_000 + quarter * QUARTER;
        expect(dayOf(new Date(start + first), zone)).toBe(formatted(new Date(start + first), zone));
        expect(dayOf(new Date(start + second), zone)).toBe(formatted(new Date(start + second), zone));
      }),
      { numRuns: 3_000 },
    );
  });
});

describe("dayBefore", () => {
  it("is the calendar day before, across months, years and clock changes", () => {
    expect(dayBefore("2025-03-31")).toBe("2025-03-30");
    expect(dayBefore("2026-03-01")).toBe("2026-02-28");
    expect(dayBefore("2026-01-01")).toBe("2025-12-31");
    // Just after midnight on the day after the spring clock change, 24 hours ago was two days back.
    const justAfterMidnight = new Date("2025-03-30T22:30:00Z");
    expect(dayOf(justAfterMidnight, "Europe/Amsterdam")).toBe("2025-03-31");
    expect(dayBefore(dayOf(justAfterMidnight, "Europe/Amsterdam"))).toBe("2025-03-30");
  });
});

describe("listTime", () => {
  it("writes the time today, the word for yesterday, else the date, in the brand's time zone", () => {
    const clock = { timeZone: "Europe/Amsterdam", locale: "nl", today: "2026-11-22", yesterday: "2026-11-21" };
    const when = listTime(clock, "gisteren");
    // 23:30 UTC is already the next day in Amsterdam.
    expect(when(new Date("2026-11-21T23:30:00Z"))).toBe("00:30");
    expect(when(new Date("2026-11-21T12:00:00Z"))).toBe("gisteren");
    expect(when(new Date("2026-11-19T12:00:00Z"))).toBe("19 nov");
  });
});
