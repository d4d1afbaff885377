import { describe, expect, it } from "vitest";
import { dayOf } from "./chat-clock";

describe("dayOf", () => {
  it("is the brand's calendar day, not UTC's", () => {
    const lateEvening = new Date("2026-11-21T23:30:00Z");
    expect(dayOf(lateEvening, "Europe/Amsterdam")).toBe("2026-11-22");
    expect(dayOf(lateEvening, "America/New_York")).toBe("2026-11-21");
    expect(dayOf(new Date("2026-03-29T00:30:00Z"), "Europe/Amsterdam")).toBe("2026-03-29");
  });
});
