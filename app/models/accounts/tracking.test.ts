import { describe, expect, it } from "vitest";
import { trackingFromCookie, trackingFromUrl } from "./tracking";

describe("tracking values", () => {
  it("keeps the known keys of a URL, trimmed and shortened", () => {
    const url = new URL(`https://flirtpunt.nl/?network=adnet&sub1=%20x%20&other=1&ref=${"r".repeat(300)}`);
    expect(trackingFromUrl(url)).toEqual({ network: "adnet", sub1: "x", ref: "r".repeat(100) });
    expect(trackingFromUrl(new URL("https://flirtpunt.nl/?other=1"))).toBeNull();
  });

  it("keeps the click id, and drops values with characters no network uses", () => {
    const url = new URL("https://flirtpunt.nl/?network=ad-net_1&click_id=abc.123~X&ref=%3Cscript%3E&sub1=a%26b%3Dc&sub2=Zürich");
    expect(trackingFromUrl(url)).toEqual({ network: "ad-net_1", click_id: "abc.123~X", sub2: "Zürich" });
  });

  it("keeps nothing of a changed cookie but known keys with short text values", () => {
    const forged = { network: "adnet", ref: { $gt: "" }, sub2: 42, sub3: "y".repeat(5000), isAdmin: true, ["__proto__"]: "x" };
    expect(trackingFromCookie(forged)).toEqual({ network: "adnet", sub3: "y".repeat(100) });
    expect(trackingFromCookie(["network"])).toBeNull();
    expect(trackingFromCookie("adnet")).toBeNull();
    expect(trackingFromCookie(null)).toBeNull();
  });
});
