import { describe, expect, it } from "vitest";
import { trackingFromCookie, trackingFromUrl } from "./tracking";

describe("tracking values", () => {
  it("keeps the known keys of a URL, trimmed and shortened", () => {
    const url = new URL(`https://flirtpunt.nl/?network=adnet&sub1=%20x%20&other=1&ref=${"r".repeat(300)}`);
    expect(trackingFromUrl(url)).toEqual({ network: "adnet", sub1: "x", ref: "r".repeat(100) });
    expect(trackingFromUrl(new URL("https://flirtpunt.nl/?other=1"))).toBeNull();
  });

  it("keeps nothing of a changed cookie but known keys with short text values", () => {
    const forged = { network: "adnet", ref: { $gt: "" }, sub2: 42, sub3: "y".repeat(5000), isAdmin: true, ["__proto__"]: "x" };
    expect(trackingFromCookie(forged)).toEqual({ network: "adnet", sub3: "y".repeat(100) });
    expect(trackingFromCookie(["network"])).toBeNull();
    expect(trackingFromCookie("adnet")).toBeNull();
    expect(trackingFromCookie(null)).toBeNull();
  });
});
