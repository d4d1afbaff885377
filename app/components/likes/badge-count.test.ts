import { describe, expect, it } from "vitest";
import { badgeText, titleWithCount } from "./badge-count";

describe("badges and the page title", () => {
  it("cap at 99+", () => {
    expect(badgeText(7)).toBe("7");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
    expect(titleWithCount("Likes | Flirtpunt", 250)).toBe("(99+) Likes | Flirtpunt");
  });

  it("replace an earlier count and drop it at zero", () => {
    expect(titleWithCount("(3) Likes | Flirtpunt", 4)).toBe("(4) Likes | Flirtpunt");
    expect(titleWithCount("(99+) Likes | Flirtpunt", 0)).toBe("Likes | Flirtpunt");
  });
});
