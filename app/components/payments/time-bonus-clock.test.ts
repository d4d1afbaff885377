import { describe, expect, it } from "vitest";
import { countdownText, isoDuration, msToNextTick, roughlyIn } from "./time-bonus-clock";

const at = (hours: number, minutes: number, seconds: number, ms = 0) => ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms;

describe("countdownText", () => {
  it("shows hours, minutes and seconds zero padded, counting whole seconds left", () => {
    expect(countdownText(at(3, 59, 7))).toBe("03:59:07");
    expect(countdownText(at(3, 59, 7, 999))).toBe("03:59:07");
    expect(countdownText(at(4, 0, 0))).toBe("04:00:00");
    expect(countdownText(at(0, 0, 9))).toBe("00:00:09");
  });

  it("stops at zero", () => {
    expect(countdownText(999)).toBe("00:00:00");
    expect(countdownText(0)).toBe("00:00:00");
    expect(countdownText(-5000)).toBe("00:00:00");
  });
});

describe("isoDuration", () => {
  it("gives the same time as an ISO 8601 duration", () => {
    expect(isoDuration(at(3, 59, 7, 400))).toBe("PT3H59M7S");
    expect(isoDuration(-1)).toBe("PT0H0M0S");
  });
});

describe("msToNextTick", () => {
  it("waits until the shown second changes", () => {
    const left = at(3, 59, 7, 456);
    expect(countdownText(left)).toBe("03:59:07");
    expect(msToNextTick(left)).toBe(457);
    expect(countdownText(left - 456)).toBe("03:59:07");
    expect(countdownText(left - 457)).toBe("03:59:06");
    // Just changed: the next change is a full second away.
    expect(msToNextTick(at(3, 59, 6, 999))).toBe(1000);
    expect(msToNextTick(at(3, 59, 7))).toBe(1);
    expect(msToNextTick(0)).toBe(1);
  });
});

describe("roughlyIn", () => {
  it("rounds down, so the offer never seems to last longer than it does", () => {
    expect(roughlyIn(at(71, 59, 0))).toEqual({ value: 2, unit: "day" });
    expect(roughlyIn(at(48, 0, 0))).toEqual({ value: 2, unit: "day" });
    expect(roughlyIn(at(47, 59, 59))).toEqual({ value: 47, unit: "hour" });
    expect(roughlyIn(at(1, 0, 0))).toEqual({ value: 1, unit: "hour" });
    expect(roughlyIn(at(0, 59, 59))).toEqual({ value: 59, unit: "minute" });
    expect(roughlyIn(10_000)).toEqual({ value: 1, unit: "minute" });
  });
});
