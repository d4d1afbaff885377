import { describe, expect, it } from "vitest";
import { dayBefore, dayOf, listTime } from "./chat-clock";

describe("dayOf", () => {
  it("is the brand's calendar day, not UTC's", () => {
    const lateEvening = new Date("2026-11-21T23:30:00Z");
    expect(dayOf(lateEvening, "Europe/Amsterdam")).toBe("2026-11-22");
    expect(dayOf(lateEvening, "America/New_York")).toBe("2026-11-21");
    expect(dayOf(new Date("2026-03-29T00:30:00Z"), "Europe/Amsterdam")).toBe("2026-03-29");
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
